import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/** Every table a request could change, sessions and OAuth states included. */
const TABLES = [
  'teams',
  'roles',
  'users',
  'sessions',
  'oauth_states',
  'audit_log',
  'data_source_credentials',
  'data_source_accounts',
] as const;

/** Every row of every table, for "nothing changed at all" comparisons. */
export async function everyRow(db: Db) {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    result[table] = (
      await sql<unknown>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)
    ).rows;
  }
  return result;
}
