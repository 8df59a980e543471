import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { CHECK_TIMEOUT_MS } from '../../src/modules/health/health.routes.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { api, createTestApp, testConfig } from '../helpers/test-app.ts';

const UNAVAILABLE = {
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is not ready (database). Please try again shortly.',
  },
};

/** An app whose log lines the test reads, at the level a server runs with. */
async function loggedApp(db: Db) {
  const lines: string[] = [];
  const app = await createTestApp(db, {
    config: testConfig({ LOG_LEVEL: 'info' }),
    logStream: { write: (line: string) => void lines.push(line) },
  });
  return { app, lines };
}

/** A probe as an orchestrator sends it: no cookie, no unit header, any host. */
const probe = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } });

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
    const response = await probe(app, '/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expectProbeHeaders(response);
  });

  it('/readyz: 200 listing the checks that passed', async () => {
    const response = await probe(app, '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: [{ name: 'database', status: 'ok' }],
    });
    expectProbeHeaders(response);
  });

  it('probes write no log line, other requests do', async () => {
    await probe(app, '/healthz');
    await probe(app, '/readyz');
    expect(lines.filter((line) => /healthz|readyz/.test(line))).toEqual([]);
    await api(app, { url: '/api/home/config' });
    expect(lines.some((line) => line.includes('/api/home/config'))).toBe(true);
  });
});

it('with the database refusing connections: /healthz 200, /readyz 503, no log line', async () => {
  // Nothing listens on port 9: every connection attempt is refused.
  const db = createDatabase({ kind: 'postgres', url: 'postgres://nobody:x@127.0.0.1:9/none' });
  const { app, lines } = await loggedApp(db);
  try {
    expect((await probe(app, '/healthz')).statusCode).toBe(200);
    const response = await probe(app, '/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
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
  const { app } = await loggedApp(db);
  try {
    const started = Date.now();
    const response = await probe(app, '/readyz');
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(elapsed).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
    await app.close();
    await db.destroy();
  }
});
