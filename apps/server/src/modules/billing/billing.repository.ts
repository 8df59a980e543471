import type { Db } from '../../db/database.ts';
import type { BillingSubscriptionRow, NewBillingSubscription } from '../../db/schema.ts';

/**
 * SQL for billing's tables: the subscription copy, webhook status, checkouts and feedback.
 * Every statement on a team's rows names the team; the one spanning all teams (pending
 * checkouts for the reconciliation) is background work and says so.
 */
export function createBillingRepository(db: Db) {
  return {
    findCopy(teamId: string): Promise<BillingSubscriptionRow | undefined> {
      return db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('team_id', '=', teamId)
        .executeTakeFirst();
    },

    /**
     * Stores the copy only when its resource_version is newer than the stored one's, in one
     * statement: an older or replayed state can never overwrite a newer one. Answers whether
     * it was stored.
     */
    async storeCopyIfNewer(row: NewBillingSubscription): Promise<boolean> {
      const { team_id: _teamId, ...changes } = row;
      const stored = await db
        .insertInto('billing_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('team_id')
            .doUpdateSet(changes)
            .where('billing_subscriptions.resource_version', '<', row.resource_version),
        )
        .returning('team_id')
        .executeTakeFirst();
      return stored !== undefined;
    },

    /** The card summary, when the customer's version is newer than the one it came from. */
    async storeCardIfNewer(
      teamId: string,
      customerVersion: number,
      card: {
        card_brand: string | null;
        card_last4: string | null;
        card_expiry_month: number | null;
        card_expiry_year: number | null;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('billing_subscriptions')
        .set({ ...card, customer_resource_version: customerVersion })
        .where('team_id', '=', teamId)
        .where('customer_resource_version', '<', customerVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async webhookState(teamId: string) {
      return db
        .selectFrom('billing_webhook_states')
        .select(['webhook_status', 'changed_at'])
        .where('team_id', '=', teamId)
        .executeTakeFirst();
    },

    async setWebhookStatus(
      teamId: string,
      status: 'pending' | 'confirmed',
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('billing_webhook_states')
        .values({ team_id: teamId, webhook_status: status, changed_at: now })
        .onConflict((oc) =>
          oc.column('team_id').doUpdateSet({ webhook_status: status, changed_at: now }),
        )
        .execute();
    },

    findCheckout(teamId: string, key: string) {
      return db
        .selectFrom('billing_checkouts')
        .select(['selection', 'hosted_page_id', 'hosted_page_url'])
        .where('team_id', '=', teamId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** The team's checkout that opened this hosted page, if it is one of the team's. */
    findCheckoutByPage(teamId: string, pageId: string) {
      return db
        .selectFrom('billing_checkouts')
        .select(['hosted_page_id', 'created_at'])
        .where('team_id', '=', teamId)
        .where('hosted_page_id', '=', pageId)
        .executeTakeFirst();
    },

    /** The team's most recent checkout. */
    latestCheckout(teamId: string) {
      return db
        .selectFrom('billing_checkouts')
        .select(['hosted_page_id', 'hosted_page_url', 'created_at', 'expires_at'])
        .where('team_id', '=', teamId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Teams still waiting for a confirmation since before `before`, across all teams on
     * purpose: background work (the reconciliation) settles checkouts nobody came back from.
     */
    async pendingSince(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('billing_webhook_states')
        .select('team_id')
        .where('webhook_status', '=', 'pending')
        .where('changed_at', '<', before)
        .orderBy('changed_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.team_id);
    },

    /** Stops waiting only if the status is still the pending one set at `since`. */
    async clearPending(teamId: string, since: Date, now: Date): Promise<void> {
      await db
        .updateTable('billing_webhook_states')
        .set({ webhook_status: 'confirmed', changed_at: now })
        .where('team_id', '=', teamId)
        .where('webhook_status', '=', 'pending')
        .where('changed_at', '=', since)
        .execute();
    },

    /** Keeps the first page stored for a key: a racing second insert changes nothing. */
    async insertCheckout(row: {
      teamId: string;
      key: string;
      selection: string;
      pageId: string;
      url: string;
      /** When the page stops taking payment, as the provider says (undefined: not said). */
      expiresAt: Date | undefined;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('billing_checkouts')
        .values({
          team_id: row.teamId,
          idempotency_key: row.key,
          selection: row.selection,
          hosted_page_id: row.pageId,
          hosted_page_url: row.url,
          created_at: row.now,
          expires_at: row.expiresAt ?? null,
        })
        .onConflict((oc) => oc.columns(['team_id', 'idempotency_key']).doNothing())
        .execute();
    },

    async feedbackGiven(teamId: string): Promise<boolean> {
      const row = await db
        .selectFrom('billing_feedback')
        .select('team_id')
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The team's one feedback; false when it already gave one. */
    async insertFeedback(row: {
      teamId: string;
      userId: string;
      rating: number;
      payload: string;
      now: Date;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('billing_feedback')
        .values({
          team_id: row.teamId,
          user_id: row.userId,
          rating: row.rating,
          payload: row.payload,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('team_id').doNothing())
        .returning('team_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async insertChurnFeedback(row: {
      teamId: string;
      userId: string;
      reason: string;
      payload: string;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('churn_feedback')
        .values({
          team_id: row.teamId,
          user_id: row.userId,
          reason: row.reason,
          payload: row.payload,
          created_at: row.now,
        })
        .execute();
    },
  };
}
