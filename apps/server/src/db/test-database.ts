import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from './database.ts';
import type { Db } from './database.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { TYPE_PARSERS } from './type-parsers.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or on PostgreSQL a schema of
 * its own (dropped on close), so files run in parallel and never see each other's rows.
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  pgliteTemplate?: string,
): Promise<{ db: Db; close: () => Promise<void>; another?: () => Db }> {
  if (kind === 'pglite') {
    const template = pgliteTemplate ? new Blob([fs.readFileSync(pgliteTemplate)]) : undefined;
    const db = createDatabase({
      kind: 'pglite',
      dataDir: undefined,
      ...(template ? { template } : {}),
    });
    await migrate(db);
    return { db, close: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(admin);
  const db = createDatabase({ kind: 'postgres', url, searchPath: schema });
  await migrate(db);
  const others: Db[] = [];
  return {
    db,
    // A second connection pool on the same schema: what another server instance would have.
    another: () => {
      const other = createDatabase({ kind: 'postgres', url, searchPath: schema });
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.destroy();
      await db.destroy();
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(admin);
      await admin.destroy();
    },
  };
}

/** Writes a dump of a freshly migrated PGlite to `file` (the tests' starting point). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const pglite = new PGlite({ parsers: TYPE_PARSERS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrate(db);
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
}
