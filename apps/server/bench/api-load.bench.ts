/* eslint-disable no-console -- a benchmark reports on standard output */
/**
 * Load benchmark: the production server (compiled JavaScript) in its own process on
 * loopback, seeded teams, and autocannon against the hot reads, the form writes and the big
 * grouped view, on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
 * PostgreSQL; and the data path a Looker Studio connector takes (stored results polled page by
 * page, a cached job at 20 connectors). Each result is printed as a share of a bare node:http
 * server measured in the same run and, on PostgreSQL, of the one-query ceiling (Fastify and
 * pg answering with one prepared statement, bench/one-query-server.ts) measured right after it;
 * targets stay shares of bare. Fails on any error or non-2xx answer, and (not in smoke mode) on a missed target.
 *
 *   npm run bench                 full run (BENCH_SECONDS per scenario, default 5)
 *   npm run bench:smoke           two rounds per connection, no timing targets (CI; BENCH_SMOKE=1)
 *   BENCH_ONLY=groupedData        only the scenarios whose name holds this text ("data": the
 *                                 data path, "poll": its polls)
 *   BENCH_DATABASES=postgres      only that database (pglite or postgres; both by default)
 *   BENCH_PROFILE_DIR=/tmp/prof   the server writes a V8 CPU profile there (--cpu-prof)
 *   BENCH_SERVER_FLAGS="--max-semi-space-size=32"   node flags for the app server (A/B runs)
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/paths.ts';
import type { Db } from '../src/db/database.ts';
import { hashToken } from '../src/modules/sessions/session-token.ts';
import { openBenchDatabase, postgresUrl } from './bench-database.ts';
import type { BenchDatabaseKind } from './bench-database.ts';
import {
  CACHED_JOB_NAME,
  SCHEMA_NAME,
  cachedJobScenario,
  connectDataPath,
  schemaScenario,
} from './data-path.ts';
import { DATA_PATH_ENV, seedDataPath } from './data-path-seed.ts';
import type { DataPathSeed } from './data-path-seed.ts';
import { POLLS_NAME, benchPolls } from './data-polls.ts';
import type { PollReport } from './data-polls.ts';
import { runLoad } from './load.ts';
import { REPORT_NAME, benchReport } from './report.ts';
import type { Load, LoadResult } from './load.ts';
import { cpuMs, peakRssMb, resetPeakRss } from './process-stats.ts';
import { scenarios } from './scenarios.ts';
import type { BenchTeams, Target } from './scenarios.ts';
import { seedAccounts, seedTeam } from './seed.ts';
import { start } from './server-process.ts';
import type { Started } from './server-process.ts';
import { reportStartTime } from './start-time.ts';
import { LOGIN_TARGET_KB, ROUTE_TARGET_KB, measureWebBundle } from './web-bundle.ts';
import { benchWebRender, seedStatsTeam } from './web-render.ts';

const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const SECONDS = SMOKE ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
const POSTGRES_RSS_TARGET_MB = 250;
/**
 * Seconds of the same load run before each measured one and not counted: V8 optimises a
 * route's code in its first second under load, and a production server is past that. Its
 * errors and non-2xx answers still count.
 */
const WARM_UP_SECONDS = 1;
const COMPILED_SERVER = path.join(REPO_ROOT, 'apps/server/dist/server.js');
const BENCH_DIR = path.join(REPO_ROOT, 'apps/server/bench');
const CEILING_NAME = 'Fastify + pg, one prepared query (the one-query ceiling)';
const WRITE_CEILING_NAME =
  'Fastify + pg, session read then BEGIN, UPDATE, audit INSERT, COMMIT (the one-transaction ceiling)';
const WRITE_CEILING_CONNECTIONS = 10;

const failures: string[] = [];
const kinds = (postgresUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  // BENCH_DATABASES=postgres (or pglite) runs one of them: for A/B runs of one change.
  (kind: BenchDatabaseKind) => (process.env.BENCH_DATABASES ?? kind).split(',').includes(kind),
);
console.log(
  SMOKE ? 'Smoke run: two rounds per connection, no timing targets.' : `${SECONDS} s per scenario.`,
);
reportWebBundle();
await reportStartTime(failures, SMOKE);
for (const kind of kinds) await benchDatabase(kind);
if (failures.length > 0) {
  console.error(`\nFailed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}

async function benchDatabase(kind: BenchDatabaseKind): Promise<void> {
  const database = await openBenchDatabase(kind);
  const { teams, data } = await database.seed(async (db) => ({
    teams: await seedTeams(db),
    data: await seedDataPath(db, SMOKE),
  }));
  const env = { ...database.env, ...DATA_PATH_ENV };
  const only = process.env.BENCH_ONLY ?? '';
  const statsTeam = await database.seed(seedStatsTeam);
  const bare = await start([path.join(BENCH_DIR, 'bare-server.ts')], {});
  let app: Started | undefined;
  let ceiling: Started | undefined;
  try {
    // Always run on PostgreSQL, whatever BENCH_ONLY picks, like bare: every row is read against it.
    if (kind === 'postgres') {
      ceiling = await start([path.join(BENCH_DIR, 'one-query-server.ts')], {
        ...database.env,
        SESSION_ID_HASH: hashToken(teams.reads),
        WRITE_SESSION_ID_HASH: hashToken(teams.writes),
      });
    }
    const dataPath = await benchDataPath(env, data, only);
    // The report needs a server whose clock moves (in this process) and PostgreSQL, where
    // several instances share one store of jobs and days.
    const report =
      kind === 'postgres' && REPORT_NAME.includes(only)
        ? await benchReport(database.env, SMOKE)
        : undefined;
    app = await start(appArgs(), env);
    await app.listening();
    await bare.listening();
    await ceiling?.listening();
    const yardstick = await measured(bare.child, {
      url: bare.base,
      connections: 50,
      seconds: SECONDS,
    });
    const top = ceiling ? await measureCeiling(kind, ceiling) : undefined;
    const topWrite = ceiling ? await measureWriteCeiling(kind, ceiling) : undefined;
    const ceilingOf = (target: Target) => (target.ceiling === 'transaction' ? topWrite : top);
    const ofCeiling = (rps: number, target: Target = {}) => {
      const measure = ceilingOf(target);
      return measure ? percent(rps / measure.rps) : '–';
    };
    console.log(`\n### ${kind}\n`);
    console.log(
      '| scenario | conns | req/s | share of bare | share of ceiling | server CPU ms/req | p50 ms | p99 ms | target | errors | non-2xx | server peak RSS MB |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      // Bare makes no trip to the database: its share of the ceiling says nothing.
      row('bare node:http, constant JSON', 50, yardstick, 1, '–', {}),
    );
    console.log(
      top
        ? row(CEILING_NAME, 50, top, top.rps / yardstick.rps, ofCeiling(top.rps), {})
        : `| ${CEILING_NAME} | 50 |${' – |'.repeat(10)}`,
    );
    console.log(
      topWrite
        ? row(
            WRITE_CEILING_NAME,
            WRITE_CEILING_CONNECTIONS,
            topWrite,
            topWrite.rps / yardstick.rps,
            percent(1),
            {},
          )
        : `| ${WRITE_CEILING_NAME} | ${WRITE_CEILING_CONNECTIONS} |${' – |'.repeat(10)}`,
    );
    // The server's peak RSS over the run: the largest of each scenario's peak and the rest's.
    let peakRss = peakRssMb(app.child);
    const all = [
      ...scenarios(app.base, kind, teams),
      ...(dataPath.tokens.length > 0
        ? [
            cachedJobScenario(app.base, data, dataPath.tokens, kind),
            schemaScenario(app.base, data, dataPath.tokens, kind),
          ]
        : []),
    ];
    for (const scenario of all.filter((s) => s.name.includes(only))) {
      resetPeakRss(app.child);
      const result = await measured(app.child, { ...scenario.load, seconds: SECONDS });
      const scenarioRss = peakRssMb(app.child);
      peakRss = Math.max(peakRss, scenarioRss);
      const share = result.rps / yardstick.rps;
      const { name, load, target } = scenario;
      console.log(
        row(
          name,
          load.connections,
          result,
          share,
          ofCeiling(result.rps, target),
          target,
          scenarioRss,
        ),
      );
      check(`${kind}: ${scenario.name}`, result, target, ceilingOf(target));
    }
    if (dataPath.polls) {
      console.log(`\n${dataPath.polls.lines.join('\n')}`);
      failures.push(...dataPath.polls.failures.map((failure) => `${kind}: ${failure}`));
    }
    if (report) {
      console.log(report.lines.join('\n'));
      failures.push(...report.failures.map((failure) => `${kind}: ${failure}`));
    }
    failures.push(...(await benchWebRender(kind, app.base, statsTeam, SMOKE)));
    const rss = Math.max(peakRss, peakRssMb(app.child));
    console.log(
      `\nserver peak RSS (VmHWM): ${rss} MB; bare node:http: ${peakRssMb(bare.child)} MB`,
    );
    if (kind === 'postgres' && !SMOKE && rss > POSTGRES_RSS_TARGET_MB) {
      failures.push(`postgres: peak RSS ${rss} MB > ${POSTGRES_RSS_TARGET_MB} MB`);
    }
  } finally {
    await Promise.all([app?.stop(), bare.stop(), ceiling?.stop()]);
    await database.drop();
  }
}

/**
 * The one-query ceiling under the bare yardstick's load: 50 connections for the same seconds
 * (two rounds per connection in smoke mode). Only errors and non-2xx answers fail it: it is a
 * measure, with no target of its own.
 */
async function measureCeiling(kind: BenchDatabaseKind, ceiling: Started): Promise<Measured> {
  const connections = 50;
  const result = await measured(ceiling.child, {
    url: ceiling.base,
    connections,
    seconds: SECONDS,
  });
  check(`${kind}: ${CEILING_NAME}`, result, {});
  return result;
}

/** The one-transaction ceiling at the form writes' connections (a measure, no target). */
async function measureWriteCeiling(kind: BenchDatabaseKind, ceiling: Started): Promise<Measured> {
  const result = await measured(ceiling.child, {
    url: ceiling.base,
    connections: WRITE_CEILING_CONNECTIONS,
    seconds: SECONDS,
    requests: [{ method: 'PUT', path: '/write' }],
  });
  check(`${kind}: ${WRITE_CEILING_NAME}`, result, {});
  return result;
}

/** The teams the API scenarios read and write. */
async function seedTeams(db: Db): Promise<BenchTeams> {
  const reads = await seedTeam(db, 'MEGALYTIC_GDS', 'reads', 9);
  await seedAccounts(db, reads, 20, 5);
  const agency = await seedTeam(db, 'MEGALYTIC_GDS', 'agency', 0);
  await seedAccounts(db, agency, 50, 100);
  const writes = await seedTeam(db, 'MEGALYTIC_GDS', 'writes', 0);
  const writableAccounts = await seedAccounts(db, writes, 1, 10, 0);
  return {
    reads: reads.sessionToken,
    agency: agency.sessionToken,
    writes: writes.sessionToken,
    writableAccounts,
  } satisfies BenchTeams;
}

/**
 * The data path's first part, on a server process of its own so the polls measure its memory
 * from a fresh start and leave nothing in the heap the scenarios run on: connectors authorized
 * through the consent screen (their tokens stay valid: grants and tokens are in the database),
 * then the stored results polled. Skipped when BENCH_ONLY names something else.
 */
async function benchDataPath(
  env: Record<string, string>,
  data: DataPathSeed,
  only: string,
): Promise<{ tokens: string[]; polls: PollReport | undefined }> {
  const runPolls = POLLS_NAME.includes(only);
  if (!runPolls && !CACHED_JOB_NAME.includes(only) && !SCHEMA_NAME.includes(only)) {
    return { tokens: [], polls: undefined };
  }
  const server = await start(appArgs(), env);
  try {
    await server.listening();
    const origin = server.base.replace('127.0.0.1', 'localhost');
    const tokens = await connectDataPath({ base: server.base, origin }, data);
    const polls = runPolls
      ? await benchPolls(server.child, server.base, data, tokens, SMOKE)
      : undefined;
    return { tokens, polls };
  } finally {
    await server.stop();
  }
}

/** How the app server is started: compiled when built, with a CPU profile when asked. */
function appArgs(): string[] {
  const profile = process.env.BENCH_PROFILE_DIR;
  return [
    ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    existsSync(COMPILED_SERVER) ? COMPILED_SERVER : 'apps/server/src/server.ts',
  ];
}

/** The web app's first-visit JavaScript and route chunks, gzip, against their budgets. */
function reportWebBundle(): void {
  const bundle = measureWebBundle();
  const largest = bundle.routes[0];
  console.log(`\n### web bundle (gzip)\n`);
  console.log(`| what | kB | target |\n|---|---|---|`);
  console.log(
    `| JavaScript of a first visit to /login | ${bundle.loginKb.toFixed(1)} | ≤ ${LOGIN_TARGET_KB} |`,
  );
  for (const { route, kb } of bundle.routes) {
    console.log(`| route chunk ${route} | ${kb.toFixed(1)} | ≤ ${ROUTE_TARGET_KB} |`);
  }
  if (SMOKE) return;
  if (bundle.loginKb > LOGIN_TARGET_KB) {
    failures.push(`web: /login loads ${bundle.loginKb.toFixed(1)} kB > ${LOGIN_TARGET_KB} kB`);
  }
  if (largest && largest.kb > ROUTE_TARGET_KB) {
    failures.push(`web: ${largest.route} is ${largest.kb.toFixed(1)} kB > ${ROUTE_TARGET_KB} kB`);
  }
}

type Measured = LoadResult & { cpuMsPerRequest: number };

/**
 * A load after its warm-up, with the server's own CPU time per answer beside it: on a machine
 * shared with other work, req/s and latency move with the neighbours, CPU time per request
 * much less so. Smoke runs skip the warm-up and send two rounds per connection, however long a
 * slow runner takes over them.
 */
async function measured(child: ChildProcess, load: Load): Promise<Measured> {
  const warmUp = SMOKE ? undefined : await runLoad({ ...load, seconds: WARM_UP_SECONDS });
  const before = cpuMs(child);
  const result = await runLoad(SMOKE ? { ...load, amount: load.connections * 2 } : load);
  const answers = result.ok + result.non2xx;
  return {
    ...result,
    errors: result.errors + (warmUp?.errors ?? 0),
    non2xx: result.non2xx + (warmUp?.non2xx ?? 0),
    cpuMsPerRequest: answers > 0 ? (cpuMs(child) - before) / answers : 0,
  };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

function row(
  name: string,
  connections: number,
  r: Measured,
  share: number,
  ofCeiling: string,
  t: Target,
  peakRssMb?: number,
) {
  const of = t.ceiling === 'transaction' ? 'one-transaction' : 'one-query';
  const target = [
    t.minOfCeiling === undefined ? '' : `≥ ${t.minOfCeiling * 100} % of ${of}`,
    t.maxP99OfCeiling === undefined ? '' : `p99 ≤ ${t.maxP99OfCeiling} × ${of}'s`,
    t.maxP99Ms === undefined ? '' : `p99 ≤ ${t.maxP99Ms} ms`,
  ]
    .filter(Boolean)
    .join(', ');
  const cpu = r.cpuMsPerRequest.toFixed(2);
  return `| ${name} | ${connections} | ${r.rps} | ${percent(share)} | ${ofCeiling} | ${cpu} | ${r.p50} | ${r.p99} | ${target || '–'} | ${r.errors} | ${r.non2xx} | ${peakRssMb === undefined ? '–' : Math.round(peakRssMb)} |`;
}

function check(name: string, result: LoadResult, target: Target, ceiling?: LoadResult): void {
  if (result.errors + result.non2xx > 0) {
    failures.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  if (result.ok === 0) failures.push(`${name}: no answer arrived in time`);
  if (SMOKE) return;
  const of = target.ceiling === 'transaction' ? 'the one-transaction' : 'the one-query';
  if (target.minOfCeiling !== undefined && ceiling) {
    const share = result.rps / ceiling.rps;
    if (share < target.minOfCeiling) {
      failures.push(
        `${name}: ${(share * 100).toFixed(1)} % of ${of} ceiling < ${target.minOfCeiling * 100} %`,
      );
    }
  }
  if (target.maxP99OfCeiling !== undefined && ceiling) {
    const most = ceiling.p99 * target.maxP99OfCeiling;
    if (result.p99 > most) {
      failures.push(
        `${name}: p99 ${result.p99} ms > ${target.maxP99OfCeiling} × ${of} ceiling's ${ceiling.p99} ms`,
      );
    }
  }
  if (target.maxP99Ms !== undefined && result.p99 > target.maxP99Ms) {
    failures.push(`${name}: p99 ${result.p99} ms > ${target.maxP99Ms} ms`);
  }
}
