import type { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import type pg from 'pg';

/**
 * Statements PostgreSQL keeps prepared on each pooled connection, by their fixed SQL text.
 * Named, pg parses and describes a statement once per connection and afterwards sends only
 * its name and values; unnamed, every call sends the text and PostgreSQL parses it again.
 * Only fixed texts of statements hot reads run are named: each name holds a prepared
 * statement per connection for the connection's life, so texts that vary (query builder
 * output with IN lists of any length) stay unnamed. For a read of a few rows, parsing and
 * planning cost PostgreSQL more than running it (the Data Sources statement: ~1 ms of
 * planning for ~0.4 ms of work). PGlite has no pool and ignores these.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Registers `text` under `name` for every PostgreSQL connection; answers the text. */
export function preparedStatement(name: string, text: string): string {
  const known = names.get(text);
  if (known !== undefined && known !== name) {
    throw new Error(`The statement ${name} has the text of ${known}.`);
  }
  // pg refuses a name prepared with another text on the same connection: fail here, clearly.
  const knownText = texts.get(name);
  if (knownText !== undefined && knownText !== text) {
    throw new Error(`The statement ${name} was registered with another text.`);
  }
  names.set(text, name);
  texts.set(name, text);
  return text;
}

/**
 * A compiled query builder statement, kept prepared under `name` (see above): only for a
 * statement whose text never varies with its input, which `preparedStatement` enforces.
 */
export function named<R>(name: string, query: CompiledQuery<R>): CompiledQuery<R> {
  preparedStatement(name, query.sql);
  return query;
}

/** Runs a compiled statement kept prepared under `name`; answers its rows. */
export async function runNamed<R>(db: Db, name: string, query: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(named(name, query))).rows;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a new pooled client send the registered statements by name. Kysely calls
 * `client.query(text, values)`; a registered text goes as `{ name, text, values }` instead,
 * which pg prepares on the connection the first time and reuses after.
 */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (...args) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? names.get(text) : undefined;
    if (name === undefined) return query(...args);
    return query({ name, text, values });
  };
  client.query = named as typeof client.query;
}
