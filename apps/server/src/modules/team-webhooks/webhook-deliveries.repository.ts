import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveryRow } from '../../db/schema.ts';

/** An account a delivery names: ours, the provider's, and its name. */
interface WebhookAccount {
  id: string;
  externalId: string;
  name: string;
}

/** A delivery to add: the body already written, due at once. */
export interface NewDelivery {
  teamId: string;
  eventId: string | null;
  kind: string;
  credentialName: string | null;
  body: string;
  at: Date;
}

/** How one attempt ended, as the delivery log shows it. */
export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  at: Date;
  httpStatus: number | null;
  durationMs: number | null;
  error: string | null;
}

/**
 * SQL for webhook deliveries. Every statement names the team, except the ones the delivery
 * worker runs across all teams as background work (finding new events, claiming due work).
 */
export function createWebhookDeliveriesRepository(db: Db) {
  return {
    /**
     * Credential events of teams with a webhook, that happened once the webhook was set and since
     * `since`, and have no delivery yet, oldest first, with what the delivery tells of them
     * (across all teams: background work).
     */
    undeliveredEvents(since: Date, limit: number) {
      return db
        .selectFrom('credential_events as e')
        .innerJoin('team_webhooks as w', 'w.team_id', 'e.team_id')
        .innerJoin('teams as t', 't.id', 'e.team_id')
        .innerJoin('data_source_credentials as c', (join) =>
          join.onRef('c.id', '=', 'e.credential_id').onRef('c.team_id', '=', 'e.team_id'),
        )
        .select((eb) => [
          'e.id',
          'e.team_id',
          't.name as team_name',
          'e.kind',
          'e.occurred_at',
          'e.details',
          'c.id as credential_id',
          'c.display_name as credential_name',
          'c.connector_id',
          eb
            .selectFrom('data_source_accounts as a')
            .select(
              sql<
                WebhookAccount[]
              >`coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'externalId', a.external_id, 'name', a.name) ORDER BY a.name), '[]'::jsonb)`.as(
                'accounts',
              ),
            )
            .whereRef('a.credential_id', '=', 'c.id')
            .whereRef('a.team_id', '=', 'c.team_id')
            .where('a.deleted_at', 'is', null)
            .as('accounts'),
        ])
        .whereRef('e.occurred_at', '>=', 'w.created_at')
        .where('e.occurred_at', '>=', since)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('webhook_deliveries as d')
                .select('d.id')
                .whereRef('d.event_id', '=', 'e.id')
                .whereRef('d.team_id', '=', 'e.team_id'),
            ),
          ),
        )
        .orderBy('e.occurred_at')
        .limit(limit)
        .execute();
    },

    /**
     * The purge, across all teams (background work): deletes at most `limit` deliveries that
     * ended (delivered or given up) before `before`, oldest first; answers how many. Rows another
     * instance's purge holds are skipped.
     */
    async deleteEndedBefore(before: Date, limit: number): Promise<number> {
      const result = await sql`
        DELETE FROM webhook_deliveries WHERE ctid IN (
          SELECT ctid FROM webhook_deliveries
          WHERE status <> 'pending' AND coalesce(last_attempt_at, created_at) < ${before}
          ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Adds a delivery; a credential event already queued (another instance) adds none. */
    async add(delivery: NewDelivery): Promise<WebhookDeliveryRow | undefined> {
      return db
        .insertInto('webhook_deliveries')
        .values({
          team_id: delivery.teamId,
          event_id: delivery.eventId,
          kind: delivery.kind,
          credential_name: delivery.credentialName,
          body: delivery.body,
          next_attempt_at: delivery.at,
          created_at: delivery.at,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Leases the delivery due soonest to this instance (across all teams: background work), with
     * FOR UPDATE SKIP LOCKED, so two instances never send the same one at once.
     */
    async claim(now: Date, lease: Date): Promise<WebhookDeliveryRow | undefined> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
          .orderBy('next_attempt_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return undefined;
        await tx
          .updateTable('webhook_deliveries')
          .set({ claimed_until: lease })
          .where('team_id', '=', row.team_id)
          .where('id', '=', row.id)
          .execute();
        return { ...row, claimed_until: lease };
      });
    },

    /** Writes an attempt's outcome if this instance still holds the lease. */
    async settle(row: WebhookDeliveryRow, lease: Date, outcome: AttemptOutcome): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          next_attempt_at: outcome.nextAttemptAt,
          claimed_until: null,
          last_attempt_at: outcome.at,
          http_status: outcome.httpStatus,
          duration_ms: outcome.durationMs,
          error: outcome.error,
        })
        .where('team_id', '=', row.team_id)
        .where('id', '=', row.id)
        .where('claimed_until', '=', lease)
        .execute();
    },

    /** The team's latest deliveries, newest first. */
    listRecent(teamId: string, limit: number) {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('team_id', '=', teamId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Drops the team's deliveries not yet made (its webhook is gone). */
    async dropPending(teamId: string): Promise<void> {
      await db
        .deleteFrom('webhook_deliveries')
        .where('team_id', '=', teamId)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}
