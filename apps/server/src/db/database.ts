import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { pgliteDialect } from './pglite-dialect.ts';
import { namePreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { TYPE_PARSERS } from './type-parsers.ts';

export type Db = Kysely<Database>;

/** Told of each pooled connection the database dropped (the pool opens a new one on next use). */
export type ConnectionLostListener = (error: Error & { code?: string }) => void;

const lostListeners = new WeakMap<Db, Set<ConnectionLostListener>>();

/** Told of each statement run: how long it took and whether it failed (metrics). */
export type QueryListener = (seconds: number, failed: boolean) => void;

const queryListeners = new WeakMap<Db, Set<QueryListener>>();
const pools = new WeakMap<Db, pg.Pool>();

/** Connections of a PostgreSQL pool now; undefined for PGlite, which has none. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Calls `listener` after each statement; answers the unsubscribe. */
export function onQuery(db: Db, listener: QueryListener): () => void {
  const listeners = queryListeners.get(db);
  if (!listeners) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kysely's log hook, feeding the query listeners of the database being made. */
function queryLog(listeners: Set<QueryListener>) {
  return (event: LogEvent) => {
    if (listeners.size === 0) return;
    for (const listener of listeners) {
      listener(event.queryDurationMillis / 1000, event.level === 'error');
    }
  };
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      template?: Blob;
      /** Named to a second process that finds dataDir locked, e.g. "the server, listening on …". */
      holder?: string;
    }
  | { kind: 'postgres'; url: string; searchPath?: string };

/**
 * The database `npm start` and the scripts open: DATABASE_URL, else PGlite in DATA_DIR/db,
 * locked to this process (`holder` names it to any other that tries).
 */
export function configuredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  holder: string,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), holder };
}

/** Where a database is, for log lines: host, port and name, never the credentials. */
export function databaseLocation(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return target.dataDir ?? 'memory';
  const url = new URL(target.url);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite (files under
 * dataDir, or in memory when dataDir is undefined, as tests do).
 */
export function createDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Connections are kept however idle: closing idle ones arms a timer on every release,
      // which is once per statement, for a saving of a few idle connections.
      min: 10,
      connectionTimeoutMillis: 5_000,
      // Bounded waits: a stuck database must fail a request within a bounded time, not hang it.
      statement_timeout: 10_000,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
      types: { getTypeParser: pgTypeParser as typeof pg.types.getTypeParser },
    });
    const listeners = new Set<ConnectionLostListener>();
    watchConnections(pool, (error) => {
      for (const listener of listeners) listener(error);
    });
    const queries = new Set<QueryListener>();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: queryLog(queries),
    });
    lostListeners.set(db, listeners);
    queryListeners.set(db, queries);
    pools.set(db, pool);
    return db;
  }
  const queries = new Set<QueryListener>();
  const db = new Kysely<Database>({
    dialect: pgliteDialect({
      dataDir: target.dataDir,
      template: target.template,
      holder: target.holder ?? `node ${path.basename(process.argv[1] ?? 'process')}`,
    }),
    log: queryLog(queries),
  });
  queryListeners.set(db, queries);
  return db;
}

/** Calls `listener` for each pooled connection the database drops; answers the unsubscribe. */
export function onConnectionLost(db: Db, listener: ConnectionLostListener): () => void {
  // PGlite runs in this process: it has no connections to lose.
  const listeners = lostListeners.get(db);
  if (!listeners) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * PostgreSQL drops connections on a restart, a failover or pg_terminate_backend, and each
 * client then emits 'error': an idle one through the pool, a checked-out one on itself only.
 * Node ends the process on an 'error' event nobody listens to, so the pool and every client
 * get a listener. The pool discards a broken client (at once when idle, on release when
 * checked out) and opens a new one on next use; a query on the broken one fails by itself.
 */
function watchConnections(pool: pg.Pool, lost: ConnectionLostListener): void {
  // Reported below by the client itself, which hears it too.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    namePreparedStatements(client);
    let reported = false;
    client.on('error', (error) => {
      // One loss errors twice (the server's goodbye, then the closed socket): report it once.
      if (!reported) lost(error);
      reported = true;
    });
  });
}

function pgTypeParser(oid: number, format?: string): unknown {
  const parser = TYPE_PARSERS[oid];
  if (parser && format !== 'binary') return parser;
  return pg.types.getTypeParser(oid, format as 'text');
}
