/* eslint-disable no-console -- a benchmark reports on standard output */
/**
 * Load benchmark: the production server (compiled JavaScript) in its own process on
 * loopback, seeded teams, and autocannon against the hot reads, the form writes and the big
 * grouped view, on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
 * PostgreSQL. Each result is printed as a share of a bare node:http server measured in the
 * same run. Fails on any error or non-2xx answer, and (not in smoke mode) on a missed target.
 *
 *   npm run bench                 full run (BENCH_SECONDS per scenario, default 5)
 *   npm run bench:smoke           two rounds per connection, no timing targets (CI; BENCH_SMOKE=1)
 *   BENCH_ONLY=groupedData        only the scenarios whose name holds this text
 *   BENCH_PROFILE_DIR=/tmp/prof   the server writes a V8 CPU profile there (--cpu-prof)
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/paths.ts';
import { freePort } from '../test/helpers/browser.ts';
import { openBenchDatabase, postgresUrl } from './bench-database.ts';
import type { BenchDatabaseKind } from './bench-database.ts';
import { runLoad } from './load.ts';
import type { LoadResult } from './load.ts';
import { scenarios } from './scenarios.ts';
import type { BenchTeams, Target } from './scenarios.ts';
import { seedAccounts, seedTeam } from './seed.ts';
import { LOGIN_TARGET_KB, ROUTE_TARGET_KB, measureWebBundle } from './web-bundle.ts';
import { benchWebRender, seedStatsTeam } from './web-render.ts';

const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const SECONDS = SMOKE ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
const POSTGRES_RSS_TARGET_MB = 250;
const COMPILED_SERVER = path.join(REPO_ROOT, 'apps/server/dist/server.js');

const failures: string[] = [];
const kinds: BenchDatabaseKind[] = postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
console.log(
  SMOKE ? 'Smoke run: two rounds per connection, no timing targets.' : `${SECONDS} s per scenario.`,
);
reportWebBundle();
for (const kind of kinds) await benchDatabase(kind);
if (failures.length > 0) {
  console.error(`\nFailed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}

async function benchDatabase(kind: BenchDatabaseKind): Promise<void> {
  const database = await openBenchDatabase(kind);
  const teams = await database.seed(async (db) => {
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
  });
  const statsTeam = await database.seed(seedStatsTeam);
  const bare = await start([path.join(REPO_ROOT, 'apps/server/bench/bare-server.ts')], {});
  const profile = process.env.BENCH_PROFILE_DIR;
  const app = await start(
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      existsSync(COMPILED_SERVER) ? COMPILED_SERVER : 'apps/server/src/server.ts',
    ],
    database.env,
  );
  try {
    await app.listening();
    await bare.listening();
    const yardstick = await measured(bare.child, () =>
      runLoad({ url: bare.base, connections: 50, seconds: SECONDS }),
    );
    console.log(`\n### ${kind}\n`);
    console.log(
      '| scenario | conns | req/s | share of bare | server CPU ms/req | p50 ms | p99 ms | target | errors | non-2xx |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(row('bare node:http, constant JSON', 50, yardstick, 1, {}));
    const only = process.env.BENCH_ONLY ?? '';
    for (const scenario of scenarios(app.base, kind, teams).filter((s) => s.name.includes(only))) {
      const result = await measured(app.child, () =>
        runLoad({
          ...scenario.load,
          seconds: SECONDS,
          // Smoke: two rounds per connection, however long a slow runner takes over them.
          ...(SMOKE ? { amount: scenario.load.connections * 2 } : {}),
        }),
      );
      const share = result.rps / yardstick.rps;
      console.log(row(scenario.name, scenario.load.connections, result, share, scenario.target));
      check(`${kind}: ${scenario.name}`, result, share, scenario.target);
    }
    failures.push(...(await benchWebRender(kind, app.base, statsTeam, SMOKE)));
    const rss = peakRssMb(app.child);
    console.log(
      `\nserver peak RSS (VmHWM): ${rss} MB; bare node:http: ${peakRssMb(bare.child)} MB`,
    );
    if (kind === 'postgres' && !SMOKE && rss > POSTGRES_RSS_TARGET_MB) {
      failures.push(`postgres: peak RSS ${rss} MB > ${POSTGRES_RSS_TARGET_MB} MB`);
    }
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    await database.drop();
  }
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
 * A load with the server's own CPU time per answer beside it: on a machine shared with other
 * work, req/s and latency move with the neighbours, CPU time per request much less so.
 */
async function measured(child: ChildProcess, load: () => Promise<LoadResult>): Promise<Measured> {
  const before = cpuMs(child);
  const result = await load();
  const answers = result.ok + result.non2xx;
  return { ...result, cpuMsPerRequest: answers > 0 ? (cpuMs(child) - before) / answers : 0 };
}

/** User plus system CPU time of a process so far (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function row(name: string, connections: number, r: Measured, share: number, t: Target) {
  const target = [
    t.minShare === undefined ? '' : `≥ ${t.minShare * 100} %`,
    t.maxP99Ms === undefined ? '' : `p99 ≤ ${t.maxP99Ms} ms`,
  ]
    .filter(Boolean)
    .join(', ');
  const percent = `${(share * 100).toFixed(1)} %`;
  const cpu = r.cpuMsPerRequest.toFixed(2);
  return `| ${name} | ${connections} | ${r.rps} | ${percent} | ${cpu} | ${r.p50} | ${r.p99} | ${target || '–'} | ${r.errors} | ${r.non2xx} |`;
}

function check(name: string, result: LoadResult, share: number, target: Target): void {
  if (result.errors + result.non2xx > 0) {
    failures.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  if (result.ok === 0) failures.push(`${name}: no answer arrived in time`);
  if (SMOKE) return;
  if (target.minShare !== undefined && share < target.minShare) {
    failures.push(`${name}: ${(share * 100).toFixed(1)} % of bare < ${target.minShare * 100} %`);
  }
  if (target.maxP99Ms !== undefined && result.p99 > target.maxP99Ms) {
    failures.push(`${name}: p99 ${result.p99} ms > ${target.maxP99Ms} ms`);
  }
}

interface Started {
  child: ChildProcess;
  base: string;
  listening: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A server process on a free port; `listening` waits until it answers. */
async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const typescript = args.at(-1)?.endsWith('.ts') ?? false;
  const child = spawn(process.execPath, [...(typescript ? ['--import', 'tsx'] : []), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    base,
    listening: () => waitUntilUp(base, child),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      await fetch(`${base}/`, { headers: { accept: 'application/json' } });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no server came up at ${base}`);
}

function peakRssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
