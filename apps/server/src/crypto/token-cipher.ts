import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenKey } from '../config/config-connectors.ts';

/**
 * Encryption at rest of access tokens, refresh tokens and API keys, so a database dump holds
 * none of them in clear: AES-256-GCM with a fresh 12-byte IV per value. The stored text is base64(iv | tag | data);
 * the key version lives in its own column so keys can be rotated row by row. The additional
 * data binds a value to its row and column: a ciphertext copied elsewhere does not decrypt.
 */
export interface TokenCipher {
  readonly currentVersion: string;
  /** Every key version this ring can decrypt, oldest first. */
  readonly versions: readonly string[];
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, keyVersion: string, context: string): string;
  /** Whether a key of this version is in the ring. */
  has(keyVersion: string): boolean;
}

/**
 * A value sealed under a key this ring does not hold: not damaged data, a missing key (another
 * server or the rotation script has it), so it becomes readable once the key is added.
 */
export class UnknownKeyVersionError extends Error {
  override name = 'UnknownKeyVersionError';
  constructor(readonly keyVersion: string) {
    super(`No token key of version ${keyVersion} is configured.`);
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createTokenCipher(keys: readonly TokenKey[]): TokenCipher {
  const current = keys.at(-1);
  if (!current) throw new Error('The token key ring is empty.');
  const byVersion = new Map(keys.map((k) => [k.version, k.key]));

  return {
    currentVersion: current.version,
    versions: keys.map((k) => k.version),

    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },

    decrypt(sealed, keyVersion, context) {
      const key = byVersion.get(keyVersion);
      if (!key) throw new UnknownKeyVersionError(keyVersion);
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },

    has: (keyVersion) => byVersion.has(keyVersion),
  };
}
