/* eslint-disable no-console -- a measurement reports on standard output */
/**
 * The Data Sources view measured in-process, without sockets or autocannon: the app as
 * production builds it (no response validation), `app.inject`, seeded teams of the bench. Prints
 * this process's CPU time per answer (on PGlite the database's work is in it, on PostgreSQL it
 * is not), latency at 1 and 4 requests in flight, and the heap and RSS reached. On a machine
 * shared with other work, compare runs made one after the other.
 *
 *   node --import tsx apps/server/bench/grouped-data-cpu.ts pglite|postgres [rounds]
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatabase } from '../src/db/database.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchDatabaseKind } from './bench-database.ts';
import { seedAccounts, seedTeam } from './seed.ts';

const kind = (process.argv[2] ?? 'pglite') as BenchDatabaseKind;
const rounds = Number(process.argv[3] ?? 60);
const database = await openBenchDatabase(kind);
const sessions = await database.seed(async (db) => {
  const reads = await seedTeam(db, 'MEGALYTIC_GDS', 'reads', 9);
  await seedAccounts(db, reads, 20, 5);
  const agency = await seedTeam(db, 'MEGALYTIC_GDS', 'agency', 0);
  await seedAccounts(db, agency, 50, 100);
  return { reads: reads.sessionToken, agency: agency.sessionToken };
});
const db = createDatabase(
  kind === 'postgres'
    ? { kind, url: database.env.DATABASE_URL ?? '' }
    : { kind, dataDir: path.join(database.env.DATA_DIR ?? '', 'db') },
);
const app = await createTestApp(db, { validateResponses: false });
let peakRss = 0;
let peakHeap = 0;
try {
  await measure('plan maximum (100 accounts, 20 logins)', sessions.reads, rounds * 10);
  await measure('agency (5,000 accounts, 50 logins)', sessions.agency, rounds);
} finally {
  await app.close();
  await db.destroy();
  await database.drop();
}
console.log(`peak RSS ${peakRss} MB, peak heap used ${peakHeap} MB`);

async function measure(name: string, session: string, count: number): Promise<void> {
  const get = () => answer(app, session);
  for (let i = 0; i < Math.max(10, count / 10); i += 1) await get();
  const cpuBefore = process.cpuUsage();
  const serial: number[] = [];
  for (let i = 0; i < count; i += 1) serial.push(await timed(get));
  const cpu = process.cpuUsage(cpuBefore);
  const concurrent: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < count / 4; i += 1) concurrent.push(await timed(get));
    }),
  );
  const ms = (cpu.user + cpu.system) / 1000 / count;
  console.log(
    `${name}: ${ms.toFixed(2)} ms CPU/answer; one at a time p50 ${pct(serial, 0.5)} ms, ` +
      `p99 ${pct(serial, 0.99)} ms; 4 in flight p50 ${pct(concurrent, 0.5)} ms, p99 ${pct(concurrent, 0.99)} ms`,
  );
}

async function answer(target: FastifyInstance, session: string): Promise<void> {
  const response = await target.inject({
    method: 'GET',
    url: '/api/dataSources/groupedData',
    headers: {
      host: 'localhost:3000',
      'x-gds-businessunit': 'MEGALYTIC_GDS',
      cookie: `gds_session=${session}`,
    },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, Math.round(memory.rss / 2 ** 20));
  peakHeap = Math.max(peakHeap, Math.round(memory.heapUsed / 2 ** 20));
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function pct(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1);
}
