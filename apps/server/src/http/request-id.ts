import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a load balancer may set (haproxy `unique-id-header`) and every answer carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy gives are kept only when they are short and plain: they end up in log lines. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The id of one request in every log line and in its error body: the load balancer's when it
 * sent a plain one (so its logs and ours join up), else a random UUID. Unique across
 * instances, unlike Fastify's per-process counter.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Answers each request's id in a header, so a client without a JSON body can still quote it. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
