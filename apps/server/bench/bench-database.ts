import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

export type BenchDatabaseKind = 'pglite' | 'postgres';

/** A database of its own for one bench run, and the environment that points the server at it. */
export interface BenchDatabase {
  kind: BenchDatabaseKind;
  /** DATA_DIR and, on PostgreSQL, DATABASE_URL for the server process. */
  env: Record<string, string>;
  /** Runs `seed` on the migrated database, then closes it (PGlite allows one process). */
  seed<T>(seed: (db: Db) => Promise<T>): Promise<T>;
  /** Removes everything the run made. */
  drop(): Promise<void>;
}

/** PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server to create one on. */
export function postgresUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
}

export async function openBenchDatabase(kind: BenchDatabaseKind): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gds-bench-'));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      seed: (fn) => seeded(createDatabase({ kind, dataDir: path.join(dataDir, 'db') }), fn),
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const serverUrl = postgresUrl();
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL.');
  // A database of its own, so the run measures a clean one and leaves nothing behind.
  const name = `gds_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    seed: (fn) => seeded(createDatabase({ kind, url: url.toString() }), fn),
    drop: async () => {
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
      await admin.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seeded<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
