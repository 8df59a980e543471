import { createHash, randomBytes } from 'node:crypto';
import type { AppDb } from '../host/sandbox-host.ts';
import type { Clock } from '../host/sandbox-host.ts';
import { billingTables, createBillingRepository } from './billing.repository.ts';
import type { BillingRepository } from './billing.repository.ts';
import { invalidRequest } from './chargebee-wire.ts';

/** One Chargebee event as the events table and the webhooks carry it. */
export interface BillingEvent {
  id: string;
  occurred_at: number;
  source: string;
  object: 'event';
  api_version: 'v2';
  event_type: string;
  webhook_status: string;
  content: Record<string, unknown>;
}

/** An event as the events table keeps it. */
type EventRow = Omit<BillingEvent, 'object' | 'api_version'>;

/** A stored event in Chargebee's shape (the event list and a resent webhook answer the same). */
export function eventOf(row: EventRow): BillingEvent {
  return {
    id: row.id,
    occurred_at: row.occurred_at,
    source: row.source,
    object: 'event',
    api_version: 'v2',
    event_type: row.event_type,
    webhook_status: row.webhook_status,
    content: row.content,
  };
}

/** Delivers committed events as webhooks, without making the caller wait. */
export type EventDelivery = (events: readonly BillingEvent[]) => void;

export interface BillingDeps {
  db: AppDb;
  clock: Clock;
  deliver: EventDelivery;
}

/** What a change may do: its statements, and the events it records. */
export interface ChangeScope {
  repo: BillingRepository;
  emit: (
    eventType: string,
    content: Record<string, unknown>,
    options?: { at?: number; source?: string },
  ) => void;
}

export const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

/**
 * Runs one change in one transaction: its events are stored with it and delivered only after
 * it commits, so a webhook never announces a change that was rolled back.
 */
export async function change<T>(
  deps: BillingDeps,
  work: (scope: ChangeScope) => Promise<T>,
): Promise<T> {
  const events: BillingEvent[] = [];
  const result = await deps.db.transaction().execute(async (tx) => {
    const repo = createBillingRepository(billingTables(tx));
    const now = Math.floor(deps.clock().getTime() / 1000);
    const scope: ChangeScope = {
      repo,
      emit: (eventType, content, options = {}) =>
        events.push({
          id: randomId('ev_'),
          occurred_at: options.at ?? now,
          source: options.source ?? 'api',
          object: 'event',
          api_version: 'v2',
          event_type: eventType,
          webhook_status: 'scheduled',
          content,
        }),
    };
    const value = await work(scope);
    await repo.insertEvents(
      events.map((event) => ({
        id: event.id,
        occurredAt: event.occurred_at,
        source: event.source,
        eventType: event.event_type,
        content: event.content,
      })),
    );
    return value;
  });
  if (events.length > 0) deps.deliver(events);
  return result;
}

/** The same request, however its fields were ordered. */
export function requestHash(path: string, form: Readonly<Record<string, string | undefined>>) {
  const fields = Object.entries(form)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([path, fields]))
    .digest('hex');
}

/**
 * A POST with a chargebee-idempotency-key: the first request makes its change and keeps its
 * answer; the same key with the same request answers that again and changes nothing; the same
 * key with another request is refused. A failed request keeps nothing, so it may be retried.
 */
export async function idempotent<T>(
  deps: BillingDeps,
  key: string | undefined,
  hash: string,
  work: (scope: ChangeScope) => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  if (!key) return { answer: await change(deps, work), replayed: false };
  if (key.length > 100)
    throw invalidRequest('The idempotency key may have at most 100 characters.');
  return change(deps, async (scope) => {
    await scope.repo.lockIdempotencyKey(key);
    const stored = await scope.repo.findIdempotencyKey(key);
    if (stored) {
      if (stored.request_hash !== hash) {
        throw invalidRequest(
          'This idempotency key was already used with a different request. Use a new key for a new request.',
        );
      }
      return { answer: stored.answer as T, replayed: true };
    }
    const answer = await work(scope);
    await scope.repo.insertIdempotencyKey({
      key,
      requestHash: hash,
      status: 200,
      answer,
      at: deps.clock(),
    });
    return { answer, replayed: false };
  });
}
