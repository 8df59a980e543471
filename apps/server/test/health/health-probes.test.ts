import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, PROBES } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { CHECK_TIMEOUT_MS } from '../../src/modules/health/health.routes.ts';
import { call, contractBody } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { CHARGEBEE_LIVE_ENV, createTestApp, testConfig } from '../helpers/test-app.ts';

// Without a database the migrations cannot be read either: both checks fail.
const UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is not ready (database, migrations). Please try again shortly.',
};

/**
 * An app whose log lines the test reads, at the level a server runs with. `deadDatabase`: the
 * sandbox billing provider stores its settings while the app is built, which a database that
 * is down cannot take; a Chargebee site turns it off (billing is not what these tests probe).
 */
async function loggedApp(db: Db, options: { deadDatabase?: boolean } = {}) {
  const lines: string[] = [];
  const app = await createTestApp(db, {
    config: testConfig({
      LOG_LEVEL: 'info',
      ...(options.deadDatabase ? { CHARGEBEE_SITE: CHARGEBEE_LIVE_ENV.CHARGEBEE_SITE } : {}),
    }),
    logStream: { write: (line: string) => void lines.push(line) },
  });
  return { app, lines };
}

/** A probe as an orchestrator sends it: no cookie, no unit header, any host. */
const probe = async <E extends Endpoint>(app: FastifyInstance, endpoint: E) => {
  const response = await app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers: { host: '10.0.0.7:3000' },
  });
  return Object.assign(response, contractBody(endpoint, response.statusCode, response.body));
};

function expectProbeHeaders(response: Awaited<ReturnType<typeof probe>>) {
  expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['set-cookie']).toBeUndefined();
}

describeEachDatabase('GET /healthz and /readyz', (db) => {
  let app: FastifyInstance;
  let lines: string[];
  beforeAll(async () => {
    ({ app, lines } = await loggedApp(db()));
  });
  afterAll(() => app.close());

  it('/healthz: 200 without session or unit header, security headers, no log line', async () => {
    const response = await probe(app, PROBES.health);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expectProbeHeaders(response);
  });

  it('/readyz: 200 listing the checks that passed', async () => {
    const response = await probe(app, PROBES.readiness);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'accepting requests', status: 'ok' },
        { name: 'database', status: 'ok' },
        { name: 'migrations', status: 'ok' },
        { name: 'background loops', status: 'ok' },
      ],
    });
    expectProbeHeaders(response);
  });

  it('probes write no log line, other requests do', async () => {
    await probe(app, PROBES.health);
    await probe(app, PROBES.readiness);
    const probePaths = [PROBES.health.path, PROBES.readiness.path];
    expect(lines.filter((line) => probePaths.some((path) => line.includes(path)))).toEqual([]);
    await call(app, ENDPOINTS.getConfig);
    expect(lines.some((line) => line.includes(ENDPOINTS.getConfig.path))).toBe(true);
  });
});

it('with the database refusing connections: /healthz 200, /readyz 503, no log line', async () => {
  // Nothing listens on port 9: every connection attempt is refused.
  const db = createDatabase({ kind: 'postgres', url: 'postgres://nobody:x@127.0.0.1:9/none' });
  const { app, lines } = await loggedApp(db, { deadDatabase: true });
  try {
    expect((await probe(app, PROBES.health)).statusCode).toBe(200);
    const response = await probe(app, PROBES.readiness);
    expect(response.statusCode).toBe(503);
    expect(response.error()).toEqual(UNAVAILABLE);
    expectProbeHeaders(response);
    expect(lines).toEqual([]);
  } finally {
    await app.close();
    await db.destroy();
  }
});

it('with a database that accepts but never answers: /readyz 503 within its bound', async () => {
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  const db = createDatabase({ kind: 'postgres', url: `postgres://nobody:x@127.0.0.1:${port}/x` });
  const { app } = await loggedApp(db, { deadDatabase: true });
  try {
    const started = Date.now();
    const response = await probe(app, PROBES.readiness);
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.error()).toEqual(UNAVAILABLE);
    expect(elapsed).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
    await app.close();
    await db.destroy();
  }
});
