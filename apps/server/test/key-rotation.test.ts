import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createTokenCipher } from '../src/crypto/token-cipher.ts';
import { loadTokenKeys } from '../src/crypto/token-keys.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { rotateTokenKeys } from '../src/modules/connections/key-rotation.ts';
import { sealContext } from '../src/modules/connections/store-connection.ts';
import { describeEachDatabase } from './helpers/each-database.ts';
import { connectOAuth, startSandboxApp } from './helpers/connections.ts';
import { signIn } from './helpers/sign-in.ts';
import { tempDir } from './helpers/test-app.ts';

const key = (version: string, fill: number) => ({ version, key: Buffer.alloc(32, fill) });
const envKeys = (...keys: Array<ReturnType<typeof key>>) =>
  keys.map((k) => `${k.version}:${k.key.toString('base64')}`).join(',');
const V1 = key('v1', 11);
const V2 = key('v2', 22);

/** RELIABILITY 19: keys rotate online; rows are re-encrypted in batches, idempotently. */
describeEachDatabase('token key rotation', (db, kind) => {
  it('re-encrypts every row under the new key, keeps the secrets, and a second run does nothing', async () => {
    const ctx = await startSandboxApp(db(), { env: { TOKEN_ENCRYPTION_KEYS: envKeys(V1) } });
    const ids: string[] = [];
    try {
      for (const name of ['rot-a', 'rot-b', 'rot-c']) {
        const owner = await signIn(ctx.app, ctx.identity, `${name}@example.com`);
        await connectOAuth(ctx, owner.cookie, 1, { login: `${name}@example.com` });
        const row = await db()
          .selectFrom('data_source_credentials')
          .select('id')
          .where('team_id', '=', owner.team.id)
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
    } finally {
      await ctx.app.close();
    }
    const v1 = createTokenCipher([V1]);
    const plain = async (id: string, cipher = v1) => {
      const row = await db()
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        version: row.key_version,
        access: cipher.decrypt(row.access_token_enc, row.key_version, sealContext(id, 'access')),
      };
    };
    const before = await Promise.all(ids.map((id) => plain(id)));
    expect(before.every((b) => b.version === 'v1')).toBe(true);

    const ring = createTokenCipher([V1, V2]);
    expect(
      (await rotateTokenKeys(db(), ring, { batchSize: 2 })).reencrypted,
    ).toBeGreaterThanOrEqual(3);
    const v2Only = createTokenCipher([V2]);
    const after = await Promise.all(ids.map((id) => plain(id, v2Only)));
    expect(after.map((a) => a.version)).toEqual(['v2', 'v2', 'v2']);
    expect(after.map((a) => a.access)).toEqual(before.map((b) => b.access));
    expect(await rotateTokenKeys(db(), ring)).toEqual({ reencrypted: 0 });
  });

  it.runIf(kind === 'postgres')(
    'waits for rows a refresh holds locked, then finishes (online)',
    async () => {
      const ring = createTokenCipher([V1, V2]);
      const row = await db()
        .selectFrom('data_source_credentials')
        .select('id')
        .executeTakeFirstOrThrow();
      // Re-seal that row under v1 so it can be rotated again.
      const v1 = createTokenCipher([V1]);
      await db()
        .updateTable('data_source_credentials')
        .set({
          key_version: 'v1',
          access_token_enc: v1.encrypt('locked-access', sealContext(row.id, 'access')),
          refresh_token_enc: v1.encrypt('locked-refresh', sealContext(row.id, 'refresh')),
        })
        .where('id', '=', row.id)
        .execute();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const locker = db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .selectFrom('data_source_credentials')
            .select('id')
            .where('id', '=', row.id)
            .forUpdate()
            .execute();
          await held;
        });
      await new Promise((r) => setTimeout(r, 100));
      const rotation = rotateTokenKeys(db(), ring);
      await new Promise((r) => setTimeout(r, 400));
      release();
      await locker;
      expect((await rotation).reencrypted).toBe(1);
      const done = await db()
        .selectFrom('data_source_credentials')
        .select('key_version')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(done.key_version).toBe('v2');
    },
  );
});

it('npm run rotate-keys -- --add-key (demo mode) adds a key and re-encrypts the stored tokens', async () => {
  const dataDir = tempDir();
  const keysDir = path.join(dataDir, 'keys');
  const db = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrate(db);
  const teams = await db
    .insertInto('teams')
    .values({
      business_unit: 'MEGALYTIC_GDS',
      name: 't',
      plan_id: 'basic-plan',
      user_limit: 1,
      account_limit: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v1 = createTokenCipher(loadTokenKeys(undefined, keysDir));
  const id = '00000000-0000-4000-8000-000000000001';
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: teams.id,
      connector_id: 1,
      external_user_id: 'x',
      display_name: 'x',
      access_token_enc: v1.encrypt('script-access', sealContext(id, 'access')),
      refresh_token_enc: null,
      key_version: v1.currentVersion,
      created_by: null,
    })
    .execute();
  await db.destroy();

  const server = path.resolve(import.meta.dirname, '..');
  const { stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/scripts/rotate-keys.ts', '--add-key'],
    { cwd: server, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
  );
  expect(stderr).toContain('Re-encrypted 1 credentials; all are on key v2.');

  const reopened = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const row = await reopened
    .selectFrom('data_source_credentials')
    .selectAll()
    .executeTakeFirstOrThrow();
  await reopened.destroy();
  const ring = createTokenCipher(loadTokenKeys(undefined, keysDir));
  expect(row.key_version).toBe('v2');
  expect(ring.decrypt(row.access_token_enc, 'v2', sealContext(id, 'access'))).toBe('script-access');
}, 60_000);
