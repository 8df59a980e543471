import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createTokenCipher } from '../crypto/token-cipher.ts';
import { addDemoTokenKey, loadTokenKeys } from '../crypto/token-keys.ts';
import { configuredDatabase, createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { rotateTokenKeys } from '../modules/connections/key-rotation.ts';

/**
 * `npm run rotate-keys`: re-encrypts every stored token under the current key (the last of
 * TOKEN_ENCRYPTION_KEYS). With `--add-key` in demo mode it first adds a fresh generated key
 * to DATA_DIR/keys. Safe to run while servers run on PostgreSQL; on PGlite it refuses while
 * a server has the data directory open (stop the server first).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const keysDir = path.join(config.dataDir, 'keys');
  const addKey = process.argv.includes('--add-key');
  if (addKey && config.tokenKeys) {
    throw new ConfigError(
      '--add-key is for demo mode; append a key to TOKEN_ENCRYPTION_KEYS instead',
    );
  }
  const db = createDatabase(configuredDatabase(config, 'npm run rotate-keys'));
  try {
    // First, so a PGlite data directory a server has open refuses before any key is added.
    await migrate(db);
    if (addKey) console.warn(`Added token key ${addDemoTokenKey(keysDir)} to ${keysDir}.`);
    const cipher = createTokenCipher(loadTokenKeys(config.tokenKeys, keysDir));
    const { reencrypted } = await rotateTokenKeys(db, cipher);
    console.warn(
      `Re-encrypted ${reencrypted} credentials; all are on key ${cipher.currentVersion}.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Key rotation failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
