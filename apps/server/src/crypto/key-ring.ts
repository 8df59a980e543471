import type { TokenKey } from '../config/config-connectors.ts';
import type { TokenCipher } from './token-cipher.ts';
import { createTokenCipher } from './token-cipher.ts';
import { loadTokenKeys } from './token-keys.ts';

/** Where a server's keys come from: TOKEN_ENCRYPTION_KEYS, or the demo key file. */
export type KeySource = 'env' | 'file';

/**
 * The key ring a running server encrypts and decrypts with. Keys from TOKEN_ENCRYPTION_KEYS
 * are fixed for the life of the process: a new key needs a restart. The demo key file under
 * DATA_DIR/keys is shared with `rotate-keys --add-key`, so the ring re-reads it when it meets
 * a version it does not know (and when asked), and learns a key added while it runs.
 */
export interface KeyRing extends TokenCipher {
  readonly source: KeySource;
  /** Re-reads the key file; answers whether the ring changed. Keys from the environment: never. */
  reload(): boolean;
}

export function openKeyRing(configured: readonly TokenKey[] | undefined, keysDir: string): KeyRing {
  let cipher = createTokenCipher(loadTokenKeys(configured, keysDir));

  const reload = (): boolean => {
    if (configured) return false;
    const next = createTokenCipher(loadTokenKeys(undefined, keysDir));
    if (next.versions.join() === cipher.versions.join()) return false;
    cipher = next;
    return true;
  };

  return {
    source: configured ? 'env' : 'file',
    get currentVersion() {
      return cipher.currentVersion;
    },
    get versions() {
      return cipher.versions;
    },
    encrypt: (plain, context) => cipher.encrypt(plain, context),
    decrypt(sealed, keyVersion, context) {
      if (!cipher.has(keyVersion)) reload();
      return cipher.decrypt(sealed, keyVersion, context);
    },
    has: (keyVersion) => cipher.has(keyVersion),
    reload,
  };
}
