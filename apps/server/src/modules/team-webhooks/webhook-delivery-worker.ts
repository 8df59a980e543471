import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveryRow } from '../../db/schema.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import { createTeamWebhooksRepository } from './team-webhooks.repository.ts';
import type { WebhookAddressRules } from './webhook-address.ts';
import type { AttemptOutcome } from './webhook-deliveries.repository.ts';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.ts';
import { webhookBody } from './webhook-payload.ts';
import { retryDelayMs } from './webhook-retry.ts';
import { openWebhookSecret } from './webhook-secret.ts';
import type { WebhookAttempt } from './webhook-sender.ts';
import { postWebhook } from './webhook-sender.ts';
import { signWebhook } from './webhook-signature.ts';

export interface WebhookRunSummary {
  delivered: number;
  retried: number;
  failed: number;
}

/** Events turned into deliveries per run; the rest wait for the next run. */
const EVENTS_PER_RUN = 200;
/** Deliveries sent side by side, so one slow receiver holds up at most its own lane. */
const LANES = 4;
/** Deliveries one run sends at most (the loop comes back for the rest). */
const DELIVERIES_PER_RUN = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An event is delivered within this long of happening: after a longer outage of the worker a
 * receiver gets no week-old news, and the events the worker compares with its deliveries stay
 * a bounded few (so ended deliveries can be purged without an event being sent again).
 */
const DELIVER_WITHIN_MS = 7 * DAY_MS;
/** Ended deliveries stay in the team's delivery log this long. */
const KEEP_ENDED_MS = 30 * DAY_MS;

/**
 * Delivers teams' credential events to their webhooks: turns new events into deliveries (each
 * event once, whichever instance sees it first), then sends what is due, each claimed with a
 * lease so one instance sends it, signed with the team's secret, retried with back-off.
 */
export function createWebhookDeliveryWorker(deps: {
  db: Db;
  clock: Clock;
  cipher: TokenCipher;
  rules: WebhookAddressRules;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** How long a claim holds: longer than an attempt can take. */
  leaseMs: number;
}) {
  const deliveries = createWebhookDeliveriesRepository(deps.db);

  async function queueNewEvents(): Promise<void> {
    const since = new Date(deps.clock().getTime() - DELIVER_WITHIN_MS);
    for (const event of await deliveries.undeliveredEvents(since, EVENTS_PER_RUN)) {
      await deliveries.add({
        teamId: event.team_id,
        eventId: event.id,
        kind: event.kind,
        credentialName: event.credential_name,
        body: webhookBody({
          eventId: event.id,
          kind: event.kind,
          occurredAt: event.occurred_at,
          team: { id: event.team_id, name: event.team_name },
          credential: {
            id: event.credential_id,
            name: event.credential_name,
            connectorId: event.connector_id,
          },
          accounts: event.accounts ?? [],
          details: event.details,
        }),
        at: deps.clock(),
      });
    }
  }

  /** One attempt at one claimed delivery: never throws, every failure is a logged outcome. */
  async function attempt(row: WebhookDeliveryRow): Promise<WebhookAttempt> {
    const hook = await createTeamWebhooksRepository(deps.db).find(row.team_id);
    if (!hook)
      return { ok: false, httpStatus: null, durationMs: 0, error: 'The webhook was removed.' };
    let secret: string;
    try {
      secret = openWebhookSecret(deps.cipher, row.team_id, hook);
    } catch {
      return {
        ok: false,
        httpStatus: null,
        durationMs: 0,
        error: 'The signing secret cannot be read on this server; replace it on the Team screen.',
      };
    }
    const timestamp = Math.floor(deps.clock().getTime() / 1000);
    return postWebhook({
      url: hook.url,
      body: row.body,
      headers: {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, row.body),
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        'x-gds-delivery': row.id,
      },
      rules: deps.rules,
      timeoutMs: deps.timeoutMs,
      now: () => Date.now(),
    });
  }

  function outcomeOf(row: WebhookDeliveryRow, result: WebhookAttempt): AttemptOutcome {
    const at = deps.clock();
    const attempts = row.attempts + 1;
    const delay = result.ok ? undefined : retryDelayMs(attempts);
    return {
      status: result.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending',
      attempts,
      nextAttemptAt: new Date(at.getTime() + (delay ?? 0)),
      at,
      httpStatus: result.httpStatus,
      durationMs: result.durationMs,
      error: result.error,
    };
  }

  /** Queues new events, then sends the deliveries due now until none is left or `signal` aborts. */
  async function runOnce(signal?: AbortSignal): Promise<WebhookRunSummary> {
    const summary: WebhookRunSummary = { delivered: 0, retried: 0, failed: 0 };
    await queueNewEvents();
    let budget = DELIVERIES_PER_RUN;
    const lane = async () => {
      while (budget > 0 && !signal?.aborted) {
        budget -= 1;
        const now = deps.clock();
        const lease = new Date(now.getTime() + deps.leaseMs);
        const row = await deliveries.claim(now, lease);
        if (!row) return;
        const outcome = outcomeOf(row, await attempt(row));
        await deliveries.settle(row, lease, outcome);
        if (outcome.status === 'delivered') summary.delivered += 1;
        else if (outcome.status === 'failed') summary.failed += 1;
        else summary.retried += 1;
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    return summary;
  }

  /** The hourly purge: deliveries that ended 30 days ago leave the log, in batches. */
  function purge(signal?: AbortSignal): Promise<number> {
    const before = new Date(deps.clock().getTime() - KEEP_ENDED_MS);
    return deleteInBatches((limit) => deliveries.deleteEndedBefore(before, limit), 1000, signal);
  }

  return { runOnce, purge };
}
