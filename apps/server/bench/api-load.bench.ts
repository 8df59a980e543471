/* eslint-disable no-console -- a benchmark reports on standard output */
/**
 * Load benchmark: the real server in its own process on loopback, a seeded team, and
 * autocannon against the hot read paths. Under load the error rate stays at zero and p99
 * latency and memory within their targets; it fails when an error occurs or a target is missed. Run with `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { REPO_ROOT } from '../src/config/paths.ts';
import { freePort } from '../test/helpers/browser.ts';
import {
  BENCH_CLIENT,
  authorizeBenchConnector,
  runDataScenarios,
  seedStoredResult,
} from './data-api-load.ts';
import { seedAccounts, seedTeam } from './seed.ts';

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** p99 latency target in milliseconds on this 2-core machine, load generator included. */
  p99TargetMs: number;
  /** Concurrent clients; the default stands for many members of many teams at once. */
  connections?: number;
}

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
// PGlite (Postgres compiled to WebAssembly) reserves most of this; PostgreSQL mode needs far less.
const MEMORY_TARGET_MB = 768;

const dataDir = mkdtempSync(path.join(tmpdir(), 'gds-bench-'));
const db = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await migrate(db);
const seeded = await seedTeam(db, 'MEGALYTIC_GDS', 'load', 9);
const accounts = await seedAccounts(db, seeded, 20, 100);
const reportAccount = await db
  .selectFrom('data_source_accounts')
  .select('id')
  .where('team_id', '=', seeded.teamId)
  .where('deleted_at', 'is', null)
  .orderBy('external_id')
  .executeTakeFirstOrThrow();
const storedJob = await seedStoredResult(db, seeded, reportAccount.id);
await db.destroy();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://localhost:${port}`,
    LOOKER_STUDIO_CLIENT_ID: BENCH_CLIENT.id,
    LOOKER_STUDIO_CLIENT_SECRET: BENCH_CLIENT.secret,
    LOOKER_STUDIO_REDIRECT_URIS: BENCH_CLIENT.redirectUri,
    // The bench's many requests come from one grant.
    DATA_API_RATE_LIMIT_PER_MINUTE: '10000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitUntilUp(`${base}/skins/megalytic/favicon.svg`);
  const api = {
    'x-gds-businessunit': 'MEGALYTIC_GDS',
    cookie: `gds_session=${seeded.sessionToken}`,
    origin: `http://localhost:${port}`,
  };
  const scenarios: Scenario[] = [
    { name: 'GET /api/team/info', path: '/api/team/info', headers: api, p99TargetMs: 150 },
    {
      name: 'GET /api/team/users (10 members)',
      path: '/api/team/users',
      headers: api,
      p99TargetMs: 150,
    },
    {
      name: 'GET /api/dataSources/connectorConfig',
      path: '/api/dataSources/connectorConfig?all=true',
      headers: api,
      p99TargetMs: 150,
    },
    {
      name: `GET /api/dataSources/groupedData (${accounts} accounts)`,
      path: '/api/dataSources/groupedData',
      headers: api,
      // ~550 KB of JSON per answer: a handful of people opening one big team's screen at once.
      connections: 4,
      p99TargetMs: 600,
    },
    {
      name: 'GET /team (SPA shell)',
      path: '/team',
      headers: { accept: 'text/html' },
      p99TargetMs: 100,
    },
  ];
  const failures: string[] = [];
  console.log(`| scenario | req/s | p50 ms | p99 ms | target | errors | non-2xx |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: base + scenario.path,
      headers: scenario.headers ?? {},
      connections: scenario.connections ?? CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    const p99 = result.latency.p99;
    console.log(
      `| ${scenario.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${p99} | ${scenario.p99TargetMs} | ${result.errors + result.timeouts} | ${result.non2xx} |`,
    );
    if (result.errors + result.timeouts + result.non2xx > 0)
      failures.push(`${scenario.name}: errors`);
    if (p99 > scenario.p99TargetMs)
      failures.push(`${scenario.name}: p99 ${p99} ms > ${scenario.p99TargetMs} ms`);
  }
  failures.push(
    ...(await runDataScenarios({
      base,
      serverPid: server.pid,
      token: await authorizeBenchConnector(base, seeded.sessionToken),
      jobId: storedJob,
      accountId: reportAccount.id,
      barePort: await freePort(),
      seconds: DURATION_SECONDS,
    })),
  );
  const peakMb = peakMemoryMb(server.pid);
  console.log(`\nserver peak memory (VmHWM): ${peakMb} MB (target ${MEMORY_TARGET_MB} MB)`);
  if (peakMb > MEMORY_TARGET_MB) failures.push(`memory ${peakMb} MB > ${MEMORY_TARGET_MB} MB`);
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`server did not come up at ${url}`);
}

function peakMemoryMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
