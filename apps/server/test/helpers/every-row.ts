import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Columns that any request may change by design, left out of "nothing changed" comparisons:
 * a session records its last activity (at most once a minute) whatever the request does.
 */
const BOOKKEEPING: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at'],
};

/**
 * Tables about requests rather than data, left out whole: a rate limit counts every request
 * it sees, a refused one included (that is how it limits). Nothing else is left out.
 */
const REQUEST_BOOKKEEPING = new Set(['rate_limits']);

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

export type EveryRow = Record<string, Array<Record<string, unknown>>>;

/** Every row of every table (bookkeeping columns aside), for "nothing changed" comparisons. */
export async function everyRow(db: Db): Promise<EveryRow> {
  const result: EveryRow = {};
  for (const table of await tableNames(db)) {
    if (REQUEST_BOOKKEEPING.has(table)) continue;
    const skipped = BOOKKEEPING[table] ?? [];
    const { rows } = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db);
    result[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !skipped.includes(column))),
    );
  }
  return result;
}

/** Per table, the rows one reading has and the other does not (a changed row is in both). */
export function rowsChanged(before: EveryRow, after: EveryRow) {
  const only = (rows: EveryRow[string] = [], others: EveryRow[string] = []) =>
    rows.filter((row) => !others.some((other) => isDeepStrictEqual(row, other)));
  const changed: Record<string, { before: unknown[]; after: unknown[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const gone = only(before[table], after[table]);
    const added = only(after[table], before[table]);
    if (gone.length > 0 || added.length > 0) changed[table] = { before: gone, after: added };
  }
  return changed;
}
