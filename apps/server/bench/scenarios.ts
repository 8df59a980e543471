import type { Request } from 'autocannon';
import type { BenchDatabaseKind } from './bench-database.ts';
import type { Load } from './load.ts';

/**
 * What a scenario must reach on PostgreSQL; a missing bound is printed but not checked. Shares
 * are of a ceiling measured in the same run (a faster or slower machine moves both together):
 * the one-query ceiling for reads, the one-transaction ceiling for form writes.
 */
export interface Target {
  /** Which ceiling the scenario's share is of (reads: 'query'). */
  ceiling?: 'query' | 'transaction';
  /** Least share of that ceiling's req/s. */
  minOfCeiling?: number;
  /** Largest p99, as a multiple of that ceiling's p99. */
  maxP99OfCeiling?: number;
  maxP99Ms?: number;
}

export interface Scenario {
  name: string;
  load: Omit<Load, 'seconds'>;
  target: Target;
}

/** The seeded teams the scenarios read and write, each signed in as its owner. */
export interface BenchTeams {
  /** 10 members; the plan maximum of 100 accounts over 20 logins. */
  reads: string;
  /** An agency's admin view: 5,000 accounts over 50 logins. */
  agency: string;
  /** Renamed, and one active account per write connection deleted and restored. */
  writes: string;
  writableAccounts: string[];
}

const READ_CONNECTIONS = 50;
const WRITE_CONNECTIONS = 10;

/** The bench's scenarios and targets, on the server at `base`, for a database kind. */
export function scenarios(base: string, kind: BenchDatabaseKind, teams: BenchTeams): Scenario[] {
  const onPostgres = kind === 'postgres';
  const api = (session: string): Record<string, string> => ({
    'x-gds-businessunit': 'MEGALYTIC_GDS',
    cookie: `gds_session=${session}`,
    origin: base.replace('127.0.0.1', 'localhost'),
  });
  // PGlite runs in the server's own process: its figures are reported, with no targets.
  const only = (target: Target): Target => (onPostgres ? target : {});
  const read = only({ minOfCeiling: 0.6, maxP99OfCeiling: 3 });
  const list = only({ minOfCeiling: 0.4 });
  const write = only({ ceiling: 'transaction', minOfCeiling: 0.6 });
  const get = (name: string, path: string, session: string, target: Target, connections = 50) => ({
    name,
    load: { url: base + path, headers: api(session), connections },
    target,
  });
  return [
    get('GET /api/team/info', '/api/team/info', teams.reads, read, READ_CONNECTIONS),
    get('GET /api/team/users (10 members)', '/api/team/users', teams.reads, list),
    get(
      'GET /api/dataSources/connectorConfig',
      '/api/dataSources/connectorConfig?all=true',
      teams.reads,
      read,
    ),
    {
      name: 'PUT /api/team/info (form)',
      load: {
        url: `${base}/api/team/info`,
        connections: WRITE_CONNECTIONS,
        headers: { ...api(teams.writes), 'content-type': 'application/x-www-form-urlencoded' },
        requests: [{ method: 'PUT', path: '/api/team/info', body: 'name=Bench+writes+team' }],
      },
      target: write,
    },
    {
      name: 'DELETE + restore an account (form)',
      load: {
        url: base,
        connections: WRITE_CONNECTIONS,
        headers: api(teams.writes),
        requests: deleteAndRestore(teams.writableAccounts),
      },
      target: write,
    },
    get(
      'GET groupedData (plan maximum: 100 accounts, 20 logins)',
      '/api/dataSources/groupedData',
      teams.reads,
      only({ minOfCeiling: 0.4, maxP99Ms: 20 }),
      10,
    ),
    get(
      'GET groupedData (agency: 5,000 accounts, 4 connections)',
      '/api/dataSources/groupedData',
      teams.agency,
      only({ maxP99Ms: 150 }),
      4,
    ),
    {
      name: 'GET /team (SPA shell)',
      load: { url: `${base}/team`, headers: { accept: 'text/html' }, connections: 50 },
      target: {},
    },
  ];
}

/** Each connection deletes and restores an account of its own, so no two ever collide. */
function deleteAndRestore(accounts: string[]): Request[] {
  let next = 0;
  const own = (context: object): string => {
    const mine = context as { accountId?: string };
    mine.accountId ??= accounts[next++ % accounts.length] ?? '';
    return mine.accountId;
  };
  return [
    {
      method: 'DELETE',
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/dataSources/deleteAccount/${own(context)}`,
      }),
    },
    {
      method: 'POST',
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/dataSources/restoreAccount/${own(context)}`,
      }),
    },
  ];
}
