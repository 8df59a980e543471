import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Every table of the database, read from its own catalogue: a table added by a later migration
 * is compared too, without anyone remembering to list it.
 */
async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** Every row of every table, for "nothing changed at all" comparisons. */
export async function everyRow(db: Db) {
  const result: Record<string, unknown[]> = {};
  for (const table of await tableNames(db)) {
    result[table] = (
      await sql<unknown>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)
    ).rows;
  }
  return result;
}
