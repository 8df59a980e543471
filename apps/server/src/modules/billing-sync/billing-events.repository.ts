import type { Db } from '../../db/database.ts';

/**
 * SQL for the provider's events: which were processed, and the cursor of the event-list
 * reading. Events are the provider's, not a team's: these statements span all teams on purpose
 * (webhooks and the background reconciliation) and say so.
 */
export function createBillingEventsRepository(db: Db) {
  return {
    /** Whether an event was processed already (events are the provider's: any team). */
    async eventSeen(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('billing_events')
        .select('event_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records an event as processed; false when another delivery recorded it first. */
    async recordEvent(event: {
      id: string;
      type: string;
      occurredAt: Date;
      teamId: string | null;
      now: Date;
    }): Promise<boolean> {
      const row = await db
        .insertInto('billing_events')
        .values({
          event_id: event.id,
          event_type: event.type,
          occurred_at: event.occurredAt,
          team_id: event.teamId,
          processed_at: event.now,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Claims the event-list reading for `until` unless another instance holds it (background
     * work over all teams); answers the time to read after, or undefined when not claimed.
     */
    async claimCursor(now: Date, until: Date, start: Date): Promise<Date | undefined> {
      await db
        .insertInto('billing_event_cursor')
        .values({ id: 1, last_occurred_at: start, claimed_until: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db
        .updateTable('billing_event_cursor')
        .set({ claimed_until: until })
        .where('id', '=', 1)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returning('last_occurred_at')
        .executeTakeFirst();
      return row?.last_occurred_at;
    },

    /** Moves the cursor on and releases the claim (background work over all teams). */
    async releaseCursor(lastOccurredAt: Date): Promise<void> {
      await db
        .updateTable('billing_event_cursor')
        .set({ last_occurred_at: lastOccurredAt, claimed_until: null })
        .where('id', '=', 1)
        .execute();
    },
  };
}
