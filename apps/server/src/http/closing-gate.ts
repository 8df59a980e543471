import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * While the server shuts down, a request arriving on a kept-alive connection is answered 503
 * through the one error handler (same body shape, same security headers as every answer) and
 * the connection is closed, so the client's next request goes to another instance. Fastify's
 * own closing answer would bypass the hooks that set those headers.
 */
export function registerClosingGate(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(
      new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is restarting. Please try again in a moment.',
      ),
    );
  });
}
