import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@gds/contract';
import type { AppDb, Clock } from './host/sandbox-host.ts';
import { renderWebhookInboxPage } from './pages/webhook-inbox-page.ts';
import { createWebhookInboxRepository } from './webhook-inbox.repository.ts';
import { verifyWebhook } from './webhook-verify.ts';

export const SANDBOX_WEBHOOK_INBOX_PATH = '/sandbox/webhook-inbox';
const RECEIVE_PATH = `${SANDBOX_WEBHOOK_INBOX_PATH}/receive`;
const FAILING_PATH = `${SANDBOX_WEBHOOK_INBOX_PATH}/failing`;

/** How many deliveries the page shows (the newest). */
const SHOWN = 50;
/** The headers worth showing: the signature, its time and the delivery id. */
const KEPT_HEADERS = [
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  'x-gds-delivery',
  'content-type',
];

/**
 * Demo mode: a webhook receiver that keeps what arrives in the database (any instance shows
 * it), at /sandbox/webhook-inbox/receive (answers 200) and /failing (answers 503), and the
 * page listing it.
 */
export async function registerWebhookInbox<Tables>(
  app: FastifyInstance,
  deps: { db: Kysely<Tables>; clock: Clock; publicUrl: string },
): Promise<void> {
  const inbox = createWebhookInboxRepository(deps.db as unknown as AppDb);
  await app.register((scope, _options, done) => {
    // Kept as the exact text that arrived: the signature covers those bytes.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) =>
      next(null, body),
    );
    for (const [path, answered] of [
      [RECEIVE_PATH, 200],
      [FAILING_PATH, 503],
    ] as const) {
      scope.post(path, async (req, reply) => {
        const headers = Object.fromEntries(
          KEPT_HEADERS.flatMap((name) => {
            const value = req.headers[name];
            return typeof value === 'string' ? [[name, value]] : [];
          }),
        );
        const body = typeof req.body === 'string' ? req.body : '';
        await inbox.add({ path, headers, body, answered, receivedAt: deps.clock() });
        return reply.code(answered).send({ received: answered === 200 });
      });
    }
    done();
  });

  const render = async (secret: string | undefined) => {
    const entries = (await inbox.newest(SHOWN)).map((entry) => ({
      ...entry,
      ...(secret
        ? {
            verdict: verifyWebhook({
              secret,
              signature: entry.headers[WEBHOOK_SIGNATURE_HEADER],
              timestamp: entry.headers[WEBHOOK_TIMESTAMP_HEADER],
              body: entry.body,
              // Checked as of its arrival: the page may be read long after.
              now: entry.received_at,
            }),
          }
        : {}),
    }));
    return renderWebhookInboxPage({
      entries,
      action: SANDBOX_WEBHOOK_INBOX_PATH,
      receiveUrl: `${deps.publicUrl}${RECEIVE_PATH}`,
      failingUrl: `${deps.publicUrl}${FAILING_PATH}`,
    });
  };
  app.get(SANDBOX_WEBHOOK_INBOX_PATH, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(await render(undefined));
  });
  // A form post, so the secret never lands in an address or a log line.
  app.post(SANDBOX_WEBHOOK_INBOX_PATH, async (req, reply) => {
    const secret = (req.body as Record<string, string | undefined> | undefined)?.secret;
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(await render(secret?.trim() || undefined));
  });
}
