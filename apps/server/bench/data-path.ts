import type { Request } from 'autocannon';
import { DATA_API_PREFIX } from '@gds/contract';
import { authorizeBenchConnector } from './connector-authorization.ts';
import type { BenchDatabaseKind } from './bench-database.ts';
import type { DataPathSeed } from './data-path-seed.ts';
import type { Scenario } from './scenarios.ts';

/** Connectors asking for the same report at once (Looker Studio viewers of one dashboard). */
export const CACHED_JOB_CONNECTORS = 20;
const CACHED_JOB_P99_MS = 50;

/** A warm schema (the account's stored field list) answers within this at p99 (PostgreSQL). */
const SCHEMA_P99_MS = 100;

/** The schema scenario's name (BENCH_ONLY matches it). */
export const SCHEMA_NAME = `GET data schema of a GA4 property, its field list stored (${CACHED_JOB_CONNECTORS} connectors)`;

/** The cached job's scenario name (BENCH_ONLY matches it). */
export const CACHED_JOB_NAME = `POST data job, answered from a stored result with its rows (a chart's 280, ${CACHED_JOB_CONNECTORS} connectors)`;

/** Where the data path runs: the server's address and the origin its pages are served from. */
export interface DataPathServer {
  base: string;
  origin: string;
}

/**
 * Signs in 20 connectors, each with a grant of its own made through the consent screen, and
 * checks that the seeded request is answered from the stored result (a miss would start real
 * report jobs and measure something else). Answers the connectors' access tokens.
 */
export async function connectDataPath(
  server: DataPathServer,
  seed: DataPathSeed,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < CACHED_JOB_CONNECTORS; i += 1) {
    const grant = await authorizeBenchConnector(server.base, server.origin, seed.sessionToken);
    tokens.push(grant.accessToken);
  }
  const chart = seed.chart;
  const probe = await fetch(`${server.base}${DATA_API_PREFIX}/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify(seed.cachedRequest),
  });
  const answer = await probe.text();
  if (probe.status !== 200 || !answer.includes(chart.jobId)) {
    throw new Error(
      `the bench's report request was not answered from the stored result: ${probe.status} ${answer}`,
    );
  }
  return tokens;
}

/**
 * The cached job: every connector asks for the report a stored result already answers, each
 * with its own token (its own grant, rate-limit counter and log rows), and gets its rows in the
 * answer: a chart's 280 (28 days of 10 campaigns), the whole of a warm chart's data path. Its p99 target holds on
 * PostgreSQL, the database connectors are served from in production; on PGlite (the embedded
 * demo database, running its SQL on the server's own thread) it is measured and reported, as
 * the form writes are.
 */
export function cachedJobScenario(
  base: string,
  seed: DataPathSeed,
  tokens: string[],
  kind: BenchDatabaseKind,
): Scenario {
  const body = JSON.stringify(seed.cachedRequest);
  return {
    name: CACHED_JOB_NAME,
    load: {
      url: base,
      connections: tokens.length,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: `${DATA_API_PREFIX}/jobs`,
          body,
          setupRequest: tokenPerConnection(tokens),
        },
      ],
    },
    target: kind === 'postgres' ? { maxP99Ms: CACHED_JOB_P99_MS } : {},
  };
}

/**
 * The warm schema: every connector reads the account's fields (a GA4 property's stored list,
 * ~270 fields), as each chart's getData does first. Its p99 target holds on PostgreSQL.
 */
export function schemaScenario(
  base: string,
  seed: DataPathSeed,
  tokens: string[],
  kind: BenchDatabaseKind,
): Scenario {
  return {
    name: SCHEMA_NAME,
    load: {
      url: base,
      connections: tokens.length,
      requests: [
        {
          method: 'GET',
          path: `${DATA_API_PREFIX}/connectors/google-analytics/schema?account=${encodeURIComponent(seed.accountId)}`,
          setupRequest: tokenPerConnection(tokens),
        },
      ],
    },
    target: kind === 'postgres' ? { maxP99Ms: SCHEMA_P99_MS } : {},
  };
}

/**
 * Signs each autocannon connection in with a token of its own, taken in turn: each connector
 * is its own grant, with its own rate-limit counter and log rows.
 */
function tokenPerConnection(tokens: readonly string[]): NonNullable<Request['setupRequest']> {
  let next = 0;
  return (req, context) => {
    const mine = context as { token?: string };
    mine.token ??= tokens[next++ % tokens.length] ?? '';
    return { ...req, headers: { ...req.headers, authorization: `Bearer ${mine.token}` } };
  };
}
