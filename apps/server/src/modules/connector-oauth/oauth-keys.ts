import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { createOauthKeysRepository } from './oauth-keys.repository.ts';

/** The authorization server's secrets: its signing key and the keys of its cookies. */
export interface OauthKeys {
  signingJwk: Record<string, unknown>;
  cookieKeys: string[];
}

const SEAL_CONTEXT = 'connector_oauth_keys:1';

/**
 * Loads the keys every instance shares, making them on the very first start. They live in the
 * database sealed with the token key ring, so a restart or a second instance reuses them:
 * cookies and tokens issued by one instance are valid at all of them.
 */
export async function loadOauthKeys(db: Db, cipher: TokenCipher): Promise<OauthKeys> {
  const keys = createOauthKeysRepository(db);
  let row = await keys.find();
  if (!row) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fresh: OauthKeys = {
      signingJwk: {
        ...privateKey.export({ format: 'jwk' }),
        alg: 'RS256',
        use: 'sig',
        kid: randomBytes(8).toString('hex'),
      },
      cookieKeys: [randomBytes(32).toString('base64url')],
    };
    await keys.insertOnce(
      cipher.encrypt(JSON.stringify(fresh), SEAL_CONTEXT),
      cipher.currentVersion,
    );
    row = await keys.find();
    if (!row) throw new Error('the connector OAuth keys could not be stored');
  }
  return JSON.parse(cipher.decrypt(row.keys_enc, row.key_version, SEAL_CONTEXT)) as OauthKeys;
}
