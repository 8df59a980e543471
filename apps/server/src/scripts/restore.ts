import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { restoreDatabase } from '../db/backup.ts';
import { configuredDatabase, databaseLocation } from '../db/database.ts';

/**
 * `npm run restore -- <file>`: replaces the database with a backup made by `npm run backup`.
 * Stop every server first. The servers apply any newer migrations when they start.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    throw new Error('name the backup to restore: npm run restore -- <file from npm run backup>');
  }
  const config = loadConfig();
  const target = configuredDatabase(config, 'npm run restore');
  // npm runs this in apps/server; a relative path means where the person typed it.
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const { keptAt } = await restoreDatabase(target, from);
  console.warn(`Restored ${databaseLocation(target)} from ${from}`);
  if (keptAt) console.warn(`The database it replaced is kept at ${keptAt}`);
}

main().catch((error: unknown) => {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
