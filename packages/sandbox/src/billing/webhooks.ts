import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../host/sandbox-host.ts';
import { billingTables, createBillingRepository } from './billing.repository.ts';
import type { BillingEvent, EventDelivery } from './billing-changes.ts';

export interface WebhookTarget {
  url: string;
  username: string;
  password: string;
}

/** Waits before each retry of a failed delivery (then it is only logged). */
export const RETRY_DELAYS_MS = [1000, 5000, 20_000] as const;
const TIMEOUT_MS = 10_000;

/** What the app's webhook answered: its HTTP status (0: no answer) and body. */
export interface WebhookAnswer {
  status: number;
  body: string;
}

/** Webhook delivery with a way to wait for what is under way (tests, closing). */
export interface WebhookDelivery {
  deliver: EventDelivery;
  /** Posts one event once, now, and answers what the app said (no retry). */
  send: (event: BillingEvent) => Promise<WebhookAnswer>;
  /** Resolves once every delivery started so far has succeeded or given up. */
  settled: () => Promise<void>;
  /** Stops waiting to retry (the server is closing); deliveries under way give up at once. */
  stop: () => void;
}

/**
 * Posts events as Chargebee does: JSON with HTTP Basic, in the order they happened, after the
 * change committed. A failure is retried with back-off, then logged and marked failed on the
 * event: the app reconciles from GET /events, so nothing waits on a webhook.
 */
export function createWebhookDelivery(deps: {
  db: AppDb;
  log: FastifyBaseLogger;
  target: WebhookTarget;
  delaysMs?: readonly number[];
}): WebhookDelivery {
  const repo = createBillingRepository(billingTables(deps.db));
  const delays = deps.delaysMs ?? RETRY_DELAYS_MS;
  const authorization = `Basic ${Buffer.from(`${deps.target.username}:${deps.target.password}`).toString('base64')}`;
  const running = new Set<Promise<void>>();
  const closing = new AbortController();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      closing.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  async function post(event: BillingEvent): Promise<WebhookAnswer> {
    try {
      const response = await fetch(deps.target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ ...event, webhook_status: 'scheduled' }),
        signal: AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), closing.signal]),
      });
      return { status: response.status, body: await response.text() };
    } catch {
      return { status: 0, body: '' };
    }
  }

  const succeeded = (answer: WebhookAnswer) => answer.status >= 200 && answer.status < 300;

  async function deliverOne(event: BillingEvent): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (succeeded(await post(event))) {
        await repo.setWebhookStatus(event.id, 'succeeded');
        return;
      }
      const wait = delays[attempt];
      if (wait === undefined || closing.signal.aborted) break;
      await pause(wait);
    }
    await repo.setWebhookStatus(event.id, 'failed');
    deps.log.warn(
      { eventId: event.id, eventType: event.event_type },
      'sandbox billing: webhook delivery failed after retries; the app reconciles from /events',
    );
  }

  return {
    deliver(events) {
      const run = (async () => {
        for (const event of events) await deliverOne(event);
      })().catch((error: unknown) => {
        deps.log.error({ err: error }, 'sandbox billing: webhook delivery crashed');
      });
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    async send(event) {
      const answer = await post(event);
      await repo.setWebhookStatus(event.id, succeeded(answer) ? 'succeeded' : 'failed');
      return answer;
    },
    stop: () => closing.abort(),
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
