import type { FastifyInstance } from 'fastify';
import type { OutboxEntry } from './pages/outbox-page.ts';
import { renderOutboxPage } from './pages/outbox-page.ts';

export const SANDBOX_OUTBOX_PATH = '/sandbox/outbox';

/** How many messages the page shows (the newest). */
const SHOWN = 100;

/**
 * Demo mode: /sandbox/outbox lists the messages kept in the database, on any instance.
 * `newest` reads them (app.ts passes the mailer's outbox).
 */
export function registerOutboxPage(
  app: FastifyInstance,
  deps: { newest: (limit: number) => Promise<OutboxEntry[]> },
): void {
  app.get(SANDBOX_OUTBOX_PATH, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(renderOutboxPage(await deps.newest(SHOWN)));
  });
}
