import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import type { Db } from './database.ts';
import { splitSqlStatements } from './split-sql.ts';

/**
 * Applies the numbered .sql files not yet recorded in schema_migrations, all in one
 * transaction, under an advisory lock so two instances starting together do not race.
 * Returns the names applied. Files are never edited once landed; add a new number instead.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Most starts find every file applied: one read says so, without the lock and the DDL.
  // Applied migrations are never unrecorded, so an empty answer cannot go stale.
  if ((await pendingMigrations(db, dir)).length === 0) return [];
  const files = migrationFiles(dir);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(7210431)`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(tx);
    const done = new Set(
      (await tx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const statement of splitSqlStatements(text)) await sql.raw(statement).execute(tx);
      await tx.insertInto('schema_migrations').values({ name }).execute();
      applied.push(name);
    }
    return applied;
  });
}

function migrationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(name))
    .sort();
}

/**
 * The migrations this build ships that the database has not recorded (empty: up to date).
 * An instance whose code is newer than its database must not take traffic.
 */
export async function pendingMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`
    .execute(db)
    .catch((error: unknown) => {
      // Not even the table yet: nothing is applied. Any other failure is the database's.
      if ((error as { code?: string }).code === '42P01') return { rows: [] };
      throw error;
    });
  const done = new Set(rows.rows.map((row) => row.name));
  return files.filter((name) => !done.has(name));
}
