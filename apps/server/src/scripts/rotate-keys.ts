import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.ts';
import { configuredDatabase, createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { rotateKeys } from './key-rotation.ts';

/**
 * `npm run rotate-keys`: re-encrypts every stored secret (credentials' tokens, the team
 * webhooks' signing secrets, the connector OAuth keys) under the current key (the last of TOKEN_ENCRYPTION_KEYS). With `--add-key` in
 * demo mode it first adds a fresh generated key to DATA_DIR/keys. Safe to run while servers run on PostgreSQL: it refuses while a running
 * server lacks the key (servers record their key versions in the database), and servers on the
 * demo key file re-read it to learn a key added meanwhile. On PGlite it refuses while a server
 * has the data directory open.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const addKey = process.argv.includes('--add-key');
  if (addKey && config.tokenKeys) {
    throw new ConfigError(
      '--add-key is for demo mode; append a key to TOKEN_ENCRYPTION_KEYS instead',
    );
  }
  const keysDir = path.join(config.dataDir, 'keys');
  const db = createDatabase(configuredDatabase(config, 'npm run rotate-keys'));
  try {
    // First, so a PGlite data directory a server has open refuses before any key is added.
    await migrate(db);
    const { added, reencrypted, webhookSecretsResealed, oauthKeysResealed, version } =
      await rotateKeys(db, {
        tokenKeys: config.tokenKeys,
        keysDir,
        addKey,
      });
    if (added) console.warn(`Added token key ${added} to ${keysDir}.`);
    console.warn(`Re-encrypted ${reencrypted} credentials; all are on key ${version}.`);
    console.warn(
      `Re-sealed ${webhookSecretsResealed} webhook signing secrets; all are on key ${version}.`,
    );
    if (oauthKeysResealed) console.warn(`Re-sealed the connector OAuth keys under key ${version}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Key rotation failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
