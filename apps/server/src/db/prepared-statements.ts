import { CompiledQuery } from 'kysely';
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

/** A value's place in a statement: one of the call's values by key, or a constant of the text. */
type Slot = { key: string } | { constant: unknown };

const STAND_IN = '\u0000value:';

/**
 * A query builder statement kept prepared under `name` (see above), built and compiled once.
 * `build` compiles it a single time, with stand-ins for the values it names; each call sends
 * the compiled text with its own values in their places. Building and compiling cost about as
 * much as PostgreSQL takes to run a small named statement, on every request that ran them.
 * `build` must make the same text whatever the values (no branches on them, no IN lists):
 * a value it computes with instead of passing along is refused when compiled.
 */
export function namedStatement<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, values: V) => CompiledQuery<R>,
): (db: Db, values: V) => Promise<R[]> {
  let compiled: { sql: string; slots: Slot[] } | undefined;
  return async (db, values) => {
    if (!compiled) {
      const handedOut = new Set<string>();
      compiled = compileOnce(name, build(db, standIns<V>(handedOut)), handedOut);
    }
    const { sql, slots } = compiled;
    const parameters = slots.map((slot) => ('key' in slot ? values[slot.key] : slot.constant));
    const query: CompiledQuery<R> = CompiledQuery.raw(sql, parameters);
    return (await db.executeQuery(query)).rows;
  };
}

/** Values that stand for themselves by key (`values.teamId` is a marked "teamId"), noted. */
function standIns<V>(handedOut: Set<string>): V {
  const get = (_target: object, key: string | symbol) => {
    handedOut.add(String(key));
    return `${STAND_IN}${String(key)}`;
  };
  return new Proxy({}, { get }) as V;
}

function compileOnce(
  name: string,
  query: CompiledQuery<unknown>,
  handedOut: Set<string>,
): { sql: string; slots: Slot[] } {
  const computed = () =>
    new Error(`The statement ${name} computes with a value instead of passing it along.`);
  if (query.sql.includes(STAND_IN)) throw computed();
  const slots = query.parameters.map((parameter): Slot => {
    if (typeof parameter !== 'string' || !parameter.includes(STAND_IN)) {
      return { constant: parameter };
    }
    const key = parameter.slice(STAND_IN.length);
    if (!parameter.startsWith(STAND_IN) || !handedOut.has(key)) throw computed();
    return { key };
  });
  return { sql: preparedStatement(name, query.sql), slots };
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
