import { sql } from 'kysely';
import type { BillingDb } from './billing.repository.ts';

const json = (value: unknown) => JSON.stringify(value);

/** The sandbox's event log and the answers kept per idempotency key. */
export function createBillingEventsRepository(db: BillingDb) {
  return {
    async insertEvents(
      rows: ReadonlyArray<{
        id: string;
        occurredAt: number;
        source: string;
        eventType: string;
        content: Record<string, unknown>;
      }>,
    ) {
      if (rows.length === 0) return;
      await db
        .insertInto('sandbox_billing_events')
        .values(
          rows.map((row) => ({
            id: row.id,
            occurred_at: row.occurredAt,
            source: row.source,
            event_type: row.eventType,
            content: json(row.content),
          })),
        )
        .execute();
    },
    /** Events after `after` (epoch seconds), oldest first; `limit` + 1 rows (all customers: the site's log). */
    events: (after: number, page: { limit: number; offset: number }) =>
      db
        .selectFrom('sandbox_billing_events')
        .selectAll()
        .where('occurred_at', '>', after)
        .orderBy('occurred_at')
        .orderBy('seq')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute(),
    findEvent: (id: string) =>
      db.selectFrom('sandbox_billing_events').selectAll().where('id', '=', id).executeTakeFirst(),
    async setWebhookStatus(id: string, status: 'succeeded' | 'failed' | 'not_configured') {
      await db
        .updateTable('sandbox_billing_events')
        .set({ webhook_status: status })
        .where('id', '=', id)
        .execute();
    },

    /** Serialises requests with one idempotency key until the caller's transaction ends. */
    async lockIdempotencyKey(key: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-billing:${key}`}))`.execute(db);
    },
    findIdempotencyKey: (key: string) =>
      db
        .selectFrom('sandbox_billing_idempotency_keys')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst(),
    async insertIdempotencyKey(row: {
      key: string;
      requestHash: string;
      status: number;
      answer: unknown;
      at: Date;
    }) {
      await db
        .insertInto('sandbox_billing_idempotency_keys')
        .values({
          key: row.key,
          request_hash: row.requestHash,
          status: row.status,
          answer: json(row.answer),
          created_at: row.at,
        })
        .execute();
    },
  };
}
