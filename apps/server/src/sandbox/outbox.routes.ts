import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { createOutboxRepository } from '../modules/mail/outbox.repository.ts';
import { renderOutboxPage } from './outbox-page.ts';

export const SANDBOX_OUTBOX_PATH = '/sandbox/outbox';

/** How many messages the page shows (the newest). */
const SHOWN = 100;

/** Demo mode: /sandbox/outbox lists the messages kept in the database, on any instance. */
export function registerOutboxPage(app: FastifyInstance, deps: { db: Db }): void {
  const outbox = createOutboxRepository(deps.db);
  app.get(SANDBOX_OUTBOX_PATH, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(renderOutboxPage(await outbox.newest(SHOWN)));
  });
}
