import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { backupDatabase, backupExtension } from '../db/backup.ts';
import { configuredDatabase, databaseLocation } from '../db/database.ts';

/**
 * `npm run backup [-- <file>]`: the whole database into one file, by default
 * DATA_DIR/backups/gds-<time>.pgdump (PostgreSQL) or .tar.gz (the embedded database). Stored
 * logins are encrypted: the backup is only readable with the token keys, kept apart from it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const target = configuredDatabase(config, 'npm run backup');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // npm runs this in apps/server; a relative path means where the person typed it.
  const given = process.argv[2];
  const file = given
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), given)
    : path.join(config.dataDir, 'backups', `gds-${stamp}${backupExtension(target)}`);
  await backupDatabase(target, file);
  console.warn(`Backed up ${databaseLocation(target)} to ${file}`);
  console.warn(
    config.tokenKeys
      ? 'Stored logins in it are readable only with TOKEN_ENCRYPTION_KEYS: keep those keys, apart from the backup.'
      : `Stored logins in it are readable only with the key files in ${path.join(config.dataDir, 'keys')}: keep a copy of them, apart from the backup.`,
  );
}

main().catch((error: unknown) => {
  console.error('Backup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
