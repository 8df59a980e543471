import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@gds/contract';
import type { Config } from '../config/config.ts';
import type { Metrics } from '../lib/metrics.ts';
import { AppError } from '../lib/errors.ts';

export const METRICS_PATH = '/metrics';

/**
 * Times every answered request by method, matched route and status, and counts sign-in
 * outcomes and rate-limit refusals from the same answers (no module has to report them).
 * Unmatched requests are one route, "unmatched": raw paths would make a series per scanner probe.
 */
export function recordRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched');
    const status = reply.statusCode;
    metrics.requests.observe(
      { method: req.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    if (status === 429) metrics.rateLimited.inc({ route });
    if (route === ENDPOINTS.loginCallback.path) {
      metrics.signIns.inc({ outcome: status === 200 ? 'succeeded' : 'failed' });
    }
    done();
  });
}

/**
 * GET /metrics on the app's port, only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 * token configured it does not exist (404), so nothing about the instance leaks by default.
 * Not logged: Prometheus scrapes every few seconds.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  config: Pick<Config, 'metricsToken'>,
): void {
  const token = config.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(METRICS_PATH, { logLevel: 'silent' }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(
        'UNAUTHENTICATED',
        'Metrics need the bearer token configured in METRICS_TOKEN.',
      );
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/**
 * The security headers every answer of the process carries, on the admin port too: it serves
 * no page, so its policy allows nothing at all.
 */
const ADMIN_PORT_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * The admin port (METRICS_PORT): a plain HTTP server answering only GET /metrics, for a
 * network Prometheus reaches and users do not. Resolves once it listens.
 */
export async function startMetricsServer(
  metrics: Metrics,
  where: { port: number; host: string },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(ADMIN_PORT_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        res.end(text);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return server;
}
