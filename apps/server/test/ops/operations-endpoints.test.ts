import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, PROBES } from '@gds/contract';
import { appMetrics, beginDrain } from '../../src/app.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { startMetricsServer } from '../../src/http/metrics.routes.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** A probe or scrape as its client sends it: no cookie, no unit header. */
const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describeEachDatabase('operations: request ids, readiness and metrics', (db) => {
  let app: FastifyInstance;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    app = await createTestApp(db(), {
      config: testConfig({ LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => app.close());

  it('an error body names the request id its log lines carry, and the header repeats it', async () => {
    const response = await call(app, ENDPOINTS.getTeamInfo);
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(response.body)).toMatchObject({
      error: { code: 'UNAUTHENTICATED', requestId: id },
    });
    const logged = lines.map((line) => JSON.parse(line) as { requestId?: string });
    expect(logged.filter((line) => line.requestId === id).length).toBeGreaterThan(0);
    // Unique per request, not a per-process counter another instance repeats.
    const again = await call(app, ENDPOINTS.getTeamInfo);
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it("keeps a load balancer's plain request id and replaces one that is not", async () => {
    const given = await get(app, '/api/nothing', { 'x-request-id': 'haproxy-7f3a9c01' });
    expect(given.headers['x-request-id']).toBe('haproxy-7f3a9c01');
    expect(given.json()).toMatchObject({ error: { requestId: 'haproxy-7f3a9c01' } });
    const hostile = await get(app, '/api/nothing', { 'x-request-id': 'a"}\n{"level":60' });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/readyz fails while draining for shutdown, naming why', async () => {
    const other = await createTestApp(db());
    try {
      expect((await get(other, PROBES.readiness.path)).statusCode).toBe(200);
      beginDrain(other);
      const draining = await get(other, PROBES.readiness.path);
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is not ready (accepting requests). Please try again shortly.',
        },
      });
      // Still serving meanwhile: requests already routed here are answered.
      expect((await call(other, ENDPOINTS.getConfig)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('/readyz fails while a migration this build ships is not applied', async () => {
    const [newest] = (
      await sql<{
        name: string;
      }>`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`.execute(db())
    ).rows;
    if (!newest) throw new Error('no migrations recorded');
    await sql`DELETE FROM schema_migrations WHERE name = ${newest.name}`.execute(db());
    const behind = await createTestApp(db());
    try {
      const response = await get(behind, PROBES.readiness.path);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: { message: 'The service is not ready (migrations). Please try again shortly.' },
      });
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${newest.name})`.execute(db());
      await behind.close();
    }
  });

  it('/readyz fails when a background loop stops making progress', async () => {
    const other = await createTestApp(db(), { maintenance: true });
    try {
      let alive = true;
      backgroundJobs(other).loops.add({
        name: 'report fetcher',
        start: () => undefined,
        stop: () => Promise.resolve(),
        alive: () => alive,
      });
      await other.ready();
      backgroundJobs(other).loops.start();
      expect((await get(other, PROBES.readiness.path)).statusCode).toBe(200);
      alive = false;
      const stuck = await get(other, PROBES.readiness.path);
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json()).toMatchObject({
        error: {
          message: 'The service is not ready (background loops). Please try again shortly.',
        },
      });
    } finally {
      await other.close();
    }
  });

  it('/metrics needs the configured bearer token', async () => {
    expect((await get(app, '/metrics')).statusCode).toBe(401);
    const wrong = await get(app, '/metrics', { authorization: 'Bearer nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const closed = await createTestApp(db());
    try {
      expect((await get(closed, '/metrics', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(
        404,
      );
    } finally {
      await closed.close();
    }
  });

  it('counts requests by route and status, sign-ins, refusals, queries and job outcomes', async () => {
    await call(app, ENDPOINTS.getConfig);
    await call(app, ENDPOINTS.loginCallback, { query: { code: 'x', state: 'unknown' } });
    await backgroundJobs(app).refreshTokens();
    backgroundJobs(app).metrics.queueDepth('data-api', 4);
    backgroundJobs(app).metrics.outcome('data-api-fetch', 'retried', 0.2);
    const response = await get(app, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /gds_http_request_duration_seconds_count\{method="GET",route="\/api\/home\/config",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /gds_http_request_duration_seconds_count\{method="GET",route="\/api\/team\/info",status="401"\} [1-9]/,
    );
    expect(text).toMatch(/gds_sign_ins_total\{outcome="failed"\} [1-9]/);
    expect(text).toMatch(/gds_sign_ins_total\{outcome="succeeded"\} 0/);
    expect(text).toMatch(/gds_token_refreshes_total\{outcome="refreshed"\} 0/);
    expect(text).toMatch(/gds_db_query_duration_seconds_count\{outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/gds_job_queue_depth\{queue="data-api"\} 4/);
    expect(text).toMatch(/gds_jobs_total\{job="data-api-fetch",outcome="retried"\} 1/);
    // Raw paths never become labels: a scanner cannot create a series per address.
    await get(app, '/api/wp-admin/x1');
    const after = (await get(app, '/metrics', { authorization: `Bearer ${TOKEN}` })).body;
    expect(after).not.toContain('wp-admin');
    expect(after).toMatch(/route="unmatched",status="404"/);
  });

  it('counts rate-limit refusals by route', async () => {
    const limited = await createTestApp(db(), {
      config: testConfig({ METRICS_TOKEN: TOKEN, RATE_LIMIT_SIGN_IN_PER_MINUTE: '1' }),
    });
    try {
      await call(limited, ENDPOINTS.login);
      expect((await call(limited, ENDPOINTS.login)).statusCode).toBe(429);
      const text = (await get(limited, '/metrics', { authorization: `Bearer ${TOKEN}` })).body;
      expect(text).toMatch(
        new RegExp(`gds_rate_limit_refusals_total\\{route="${ENDPOINTS.login.path}"\\} [1-9]`),
      );
    } finally {
      await limited.close();
    }
  });

  it('METRICS_PORT: a separate port serving only /metrics', async () => {
    const server = await startMetricsServer(appMetrics(app), { port: 0, host: '127.0.0.1' });
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('gds_http_request_duration_seconds_bucket');
      const miss = await fetch(`http://127.0.0.1:${port}/api/home/config`);
      expect(miss.status).toBe(404);
      // Its answers carry the security headers as every other answer of the process does.
      for (const response of [scrape, miss]) {
        expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      }
    } finally {
      server.close();
    }
  });
});
