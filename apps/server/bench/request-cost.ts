/* eslint-disable no-console -- a measurement reports on standard output */
/**
 * Server CPU per answer, measured in-process: the production app (no response re-validation,
 * LOG_LEVEL warn as in the bench) answering `app.inject` one request after another, so no
 * socket, no load generator and no neighbour's load is in the number, only this process's own
 * CPU time (PostgreSQL's is not). Run it before and after a change, in the same shell.
 *
 *   node --import tsx apps/server/bench/request-cost.ts [pglite|postgres] [rounds]
 *   REQUEST_COST_ONLY=team/info   only the requests whose name holds this text
 *   REQUEST_COST_PROFILE_DIR=/tmp/prof  a V8 CPU profile of each request's measured rounds only,
 *                                  for profile-summary.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { postgresUrl } from './bench-database.ts';
import { seedAccounts, seedTeam } from './seed.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const ROUNDS = Number(process.argv[3] ?? 2000);
const WARM_UP = Math.min(300, ROUNDS);

const dataDir = mkdtempSync(path.join(tmpdir(), 'gds-cost-'));
let dropDatabase = (): Promise<void> => Promise.resolve();
let db: Db;
if (kind === 'postgres') {
  const serverUrl = postgresUrl();
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  const name = `gds_cost_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serverUrl, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  db = createDatabase({ kind, url: url.toString() });
  dropDatabase = async () => {
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  };
} else {
  db = createDatabase({ kind, dataDir: undefined });
}
await migrate(db);
const reads = await seedTeam(db, 'MEGALYTIC_GDS', 'reads', 9);
await seedAccounts(db, reads, 20, 5);

const config = loadConfig({
  ...process.env,
  PORT: '3000',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: 'http://localhost:3000',
});
const app = await buildApp({ config, db, distDir: path.join(process.cwd(), 'apps/web/dist') });
await app.ready();

const headers = {
  host: 'localhost:3000',
  'x-gds-businessunit': 'MEGALYTIC_GDS',
  cookie: `gds_session=${reads.sessionToken}`,
  origin: 'http://localhost:3000',
};
const requests: Array<{ name: string; method: 'GET' | 'PUT'; url: string; payload?: string }> = [
  { name: 'GET /team (SPA shell)', method: 'GET', url: '/team' },
  { name: 'GET /api/team/info', method: 'GET', url: '/api/team/info' },
  { name: 'GET /api/team/users', method: 'GET', url: '/api/team/users' },
  {
    name: 'GET /api/dataSources/connectorConfig',
    method: 'GET',
    url: '/api/dataSources/connectorConfig?all=true',
  },
  { name: 'PUT /api/team/info', method: 'PUT', url: '/api/team/info', payload: 'name=Cost+team' },
];

const only = process.env.REQUEST_COST_ONLY ?? '';
const profileDir = process.env.REQUEST_COST_PROFILE_DIR;
let profiler: Session | undefined;
if (profileDir) {
  mkdirSync(profileDir, { recursive: true });
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
}
console.log(`${kind}, ${ROUNDS} requests each after ${WARM_UP} to warm up\n`);
console.log('| request | server CPU ms per answer |\n|---|---|');
for (const request of requests.filter((r) => r.name.includes(only))) {
  const send = async () => {
    const answer = await app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...headers,
        ...(request.payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    if (answer.statusCode !== 200) {
      throw new Error(`${request.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
  };
  for (let i = 0; i < WARM_UP; i += 1) await send();
  if (profiler) await profiler.post('Profiler.start');
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i += 1) await send();
  const used = process.cpuUsage(before);
  if (profiler && profileDir) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = request.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
    writeFileSync(path.join(profileDir, `${kind}-${file}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(`| ${request.name} | ${((used.user + used.system) / 1000 / ROUNDS).toFixed(3)} |`);
}
await app.close();
await db.destroy();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
