import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { KeyRotationRefused } from '../../src/crypto/key-rotation-guard.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import type { Db } from '../../src/db/database.ts';
import { loadOauthKeys } from '../../src/modules/connector-authorization/oauth-keys.ts';
import { rotateKeys } from '../../src/scripts/key-rotation.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { tempDir } from '../helpers/test-app.ts';
import { tokenKey } from '../helpers/token-keys.ts';

const V1 = tokenKey('v1', 41);
const V2 = tokenKey('v2', 42);
const V3 = tokenKey('v3', 43);

/** A server's log that keeps its warnings (a server lacking the keys' token key warns). */
function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_fields: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

const keyRow = (db: () => Db) =>
  db()
    .selectFrom('connector_oauth_keys')
    .select(['key_version', 'keys_enc'])
    .executeTakeFirstOrThrow();

/**
 * The authorization server's signing and cookie keys are stored sealed under the token key
 * ring. After `npm run rotate-keys` nothing may still need the old token key: a server started
 * with the new key alone must load the very keys the others sign with.
 */
describeEachDatabase('rotate-keys and the connector OAuth keys', (db) => {
  const rotateTo = (...keys: Array<ReturnType<typeof tokenKey>>) =>
    rotateKeys(db(), { tokenKeys: keys, keysDir: tempDir(), addKey: false });

  beforeEach(async () => {
    await db().deleteFrom('connector_oauth_keys').execute();
    await db().deleteFrom('server_key_rings').execute();
  });

  it('re-seals them under the new key: a server holding only the new key loads the same keys', async () => {
    const first = recordingLog();
    const shared = await loadOauthKeys(db(), createTokenCipher([V1]), first.log);
    expect((await keyRow(db)).key_version).toBe('v1');

    expect(await rotateTo(V1, V2)).toMatchObject({ oauthKeysResealed: true, version: 'v2' });
    expect((await keyRow(db)).key_version).toBe('v2');

    // v1 taken out of the key set: the next server still shares the keys, with no warning.
    const next = recordingLog();
    expect(await loadOauthKeys(db(), createTokenCipher([V2]), next.log)).toEqual(shared);
    expect(next.warnings).toEqual([]);
    // A second run has nothing left to do.
    expect(await rotateTo(V1, V2)).toMatchObject({ oauthKeysResealed: false });
  });

  it('is refused while a running server lacks the new key, and leaves them as they were', async () => {
    await loadOauthKeys(db(), createTokenCipher([V1]), recordingLog().log);
    await db()
      .insertInto('server_key_rings')
      .values({
        id: '00000000-0000-4000-8000-0000000000cc',
        label: 'web-3 pid 77',
        key_source: 'env',
        key_versions: JSON.stringify(['v1']),
      })
      .execute();
    await expect(rotateTo(V1, V2)).rejects.toBeInstanceOf(KeyRotationRefused);
    expect((await keyRow(db)).key_version).toBe('v1');
  });

  it('says which key to add back when they are sealed under a key the set no longer holds', async () => {
    await loadOauthKeys(db(), createTokenCipher([V1]), recordingLog().log);
    await expect(rotateTo(V2, V3)).rejects.toThrow(
      /sealed under token key v1, which is not among the keys given \(v2, v3\)\. Add v1 back/,
    );
    expect((await keyRow(db)).key_version).toBe('v1');
  });

  it('without stored keys (no connector authorized yet) there is nothing to re-seal', async () => {
    expect(await rotateTo(V1, V2)).toMatchObject({ reencrypted: 0, oauthKeysResealed: false });
    expect(await db().selectFrom('connector_oauth_keys').select('id').execute()).toEqual([]);
  });
});
