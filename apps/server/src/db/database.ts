import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { TYPE_PARSERS } from './type-parsers.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined; template?: Blob }
  | { kind: 'postgres'; url: string; searchPath?: string };

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite (files under
 * dataDir, or in memory when dataDir is undefined, as tests do).
 */
export function createDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // Bounded waits: a stuck database must fail a request, not hang it (RELIABILITY 26).
      statement_timeout: 10_000,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
      types: { getTypeParser: pgTypeParser as typeof pg.types.getTypeParser },
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const { dataDir, template } = target;
  return new Kysely<Database>({
    dialect: new PGliteDialect({
      pglite: async () => {
        if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
        // The options-object form: `new PGlite(undefined, options)` silently ignores options.
        const db = new PGlite({
          ...(dataDir ? { dataDir } : {}),
          // Tests start from a dump of a migrated database: ~0.5 s instead of a 2–4 s initdb.
          ...(template ? { loadDataDir: template } : {}),
          parsers: TYPE_PARSERS,
        });
        await db.waitReady;
        return db;
      },
    }),
  });
}

function pgTypeParser(oid: number, format?: string): unknown {
  const parser = TYPE_PARSERS[oid];
  if (parser && format !== 'binary') return parser;
  return pg.types.getTypeParser(oid, format as 'text');
}
