import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS, PROBES } from '@gds/contract';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { fetchedAnswer } from '../helpers/contract-call.ts';
import { POSTGRES_BIN, createPostgresCluster } from '../helpers/postgres-cluster.ts';
import type { PostgresCluster } from '../helpers/postgres-cluster.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/test-app.ts';

const GENERIC_503 = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again.',
};
/** Longest a request may take to fail while PostgreSQL is away. */
const FAIL_FAST_MS = 6_000;

/**
 * A credential due for refresh now, sealed under a key no server holds: the refresh loop's
 * next run marks it as waiting for that key (status error), which shows the loop runs against
 * the database again.
 */
async function seedDueCredential(db: Db): Promise<string> {
  const team = await db
    .insertInto('teams')
    .values({
      business_unit: 'MEGALYTIC_GDS',
      name: 'Outage team',
      plan_id: 'basic-plan',
      user_limit: 5,
      account_limit: 20,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: team.id,
      connector_id: 1,
      external_user_id: 'outage',
      display_name: 'outage',
      access_token_enc: 'unreadable',
      refresh_token_enc: 'unreadable',
      key_version: 'v-unknown',
      expires_at: new Date(),
      created_by: null,
    })
    .execute();
  return id;
}

const title = POSTGRES_BIN
  ? 'PostgreSQL going away under the real server process'
  : 'PostgreSQL outage (skipped: no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)';

/**
 * The server as `npm start` runs it, on a PostgreSQL cluster of the test's own that is crashed
 * (`pg_ctl stop -m immediate`) and started again on the same port.
 */
describe.skipIf(!POSTGRES_BIN)(title, () => {
  let cluster: PostgresCluster;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    cluster = await createPostgresCluster();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await cluster?.remove();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const dataDir = tempDir();
    dataDirs.push(dataDir);
    const server = await startServerProcess({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      // The refresh loop ticks every second, so it runs during the outage too.
      CONNECTOR_REFRESH_INTERVAL_SECONDS: '1',
    });
    servers.push(server);
    return server;
  };

  const get = (server: ServerProcess, path: string) =>
    fetch(server.base + path, { signal: AbortSignal.timeout(FAIL_FAST_MS + 4000) });
  /** A public request the database must answer: sign-in start (rate limit + OAuth state). */
  const signInStart = (server: ServerProcess) =>
    fetch(`${server.base}${ENDPOINTS.login.path}`, {
      method: ENDPOINTS.login.method,
      headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
      signal: AbortSignal.timeout(FAIL_FAST_MS + 4000),
    });
  const serving = (server: ServerProcess) =>
    vi.waitFor(async () => expect((await signInStart(server)).status).toBe(200), {
      timeout: 30_000,
      interval: 250,
    });

  it('stays up while PostgreSQL is down, answers 503 fast, and serves again by itself', async () => {
    const server = await start();
    await server.waitForOutput(/GDS server on/);
    expect((await signInStart(server)).status).toBe(200);
    expect((await get(server, PROBES.readiness.path)).status).toBe(200);

    await cluster.stop('immediate');
    const began = Date.now();
    const refused = await signInStart(server);
    expect(Date.now() - began).toBeLessThan(FAIL_FAST_MS);
    expect(refused.status).toBe(503);
    expect((await fetchedAnswer(ENDPOINTS.login, refused)).error()).toEqual(GENERIC_503);
    const ready = await fetchedAnswer(PROBES.readiness, await get(server, PROBES.readiness.path));
    expect(ready.status).toBe(503);
    expect(ready.error()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await get(server, PROBES.health.path)).status).toBe(200);
    // The refresh loop ran into the outage; it resumes below.
    await server.waitForOutput(/background work token-refresh failed/);
    expect(server.alive()).toBe(true);

    await cluster.start();
    await serving(server);
    expect((await get(server, PROBES.readiness.path)).status).toBe(200);
    const db = createDatabase({ kind: 'postgres', url: cluster.url });
    try {
      const id = await seedDueCredential(db);
      const status = () =>
        db
          .selectFrom('data_source_credentials')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      await vi.waitFor(async () => expect(await status()).toEqual({ status: 'error' }), {
        timeout: 15_000,
        interval: 250,
      });
    } finally {
      await db.destroy();
    }
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('started while PostgreSQL is down, it says it waits, then serves once PostgreSQL is up', async () => {
    await cluster.stop('immediate');
    const server = await start();
    await server.waitForOutput(
      new RegExp(`waiting for the database at 127\\.0\\.0\\.1:${cluster.port}/postgres`),
    );
    expect(server.alive()).toBe(true);

    await cluster.start();
    await server.waitForOutput(/GDS server on/, 30_000);
    await serving(server);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});
