import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { assertServersHoldKey } from '../../crypto/key-rotation-guard.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createOauthKeysRepository } from './oauth-keys.repository.ts';

/** The authorization server's secrets: its signing key and the keys of its cookies. */
export interface OauthKeys {
  signingJwk: Record<string, unknown>;
  cookieKeys: string[];
}

const SEAL_CONTEXT = 'connector_oauth_keys:1';

function freshKeys(): OauthKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    signingJwk: {
      ...privateKey.export({ format: 'jwk' }),
      alg: 'RS256',
      use: 'sig',
      kid: randomBytes(8).toString('hex'),
    },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Loads the keys every instance shares, making them on the very first start. They live in the
 * database sealed with the token key ring, so a restart or a second instance reuses them:
 * cookies issued by one instance are valid at all of them. A row sealed under an older key of
 * the ring is sealed again under the current one (token keys rotate). An instance that lacks
 * the row's key (a rolling restart during a rotation) runs on keys of its own and says so:
 * only an authorization started at one instance and finished at another fails, and is retried.
 */
export async function loadOauthKeys(
  db: Db,
  cipher: TokenCipher,
  log: FastifyBaseLogger,
): Promise<OauthKeys> {
  const keys = createOauthKeysRepository(db);
  let row = await keys.find();
  if (!row) {
    await keys.insertOnce(
      cipher.encrypt(JSON.stringify(freshKeys()), SEAL_CONTEXT),
      cipher.currentVersion,
    );
    row = await keys.find();
    if (!row) throw new Error('the connector OAuth keys could not be stored');
  }
  if (!cipher.has(row.key_version)) {
    log.warn(
      { keyVersion: row.key_version, keyVersions: cipher.versions },
      'the connector OAuth keys are sealed under a token key this server lacks; it uses keys of its own until it holds that key',
    );
    return freshKeys();
  }
  return sealUnderCurrentKey(db, cipher, row);
}

/**
 * `npm run rotate-keys`: seals the shared keys again under the ring's current key when they are
 * under an older one, answering whether it did. The keys themselves stay the same, so running
 * servers go on with the ones they loaded. Refused, like the credentials' rotation, while a
 * running server lacks the current key (it could not load them at its next start).
 */
export async function resealOauthKeys(db: Db, cipher: TokenCipher): Promise<boolean> {
  const row = await createOauthKeysRepository(db).find();
  if (!row || row.key_version === cipher.currentVersion) return false;
  if (!cipher.has(row.key_version)) {
    throw new Error(
      `The connector OAuth keys are sealed under token key ${row.key_version}, which is not among the keys given (${cipher.versions.join(', ')}). Add ${row.key_version} back to TOKEN_ENCRYPTION_KEYS and run rotate-keys again.`,
    );
  }
  await assertServersHoldKey(db, cipher.currentVersion);
  await sealUnderCurrentKey(db, cipher, row);
  return true;
}

/** Opens the row; one sealed under an older key is sealed again under the current one. */
async function sealUnderCurrentKey(
  db: Db,
  cipher: TokenCipher,
  row: { keys_enc: string; key_version: string },
): Promise<OauthKeys> {
  const plain = cipher.decrypt(row.keys_enc, row.key_version, SEAL_CONTEXT);
  if (row.key_version !== cipher.currentVersion) {
    // Only from the version read: another instance sealing them first changes nothing here.
    await createOauthKeysRepository(db).reseal(
      row.key_version,
      cipher.encrypt(plain, SEAL_CONTEXT),
      cipher.currentVersion,
    );
  }
  return JSON.parse(plain) as OauthKeys;
}
