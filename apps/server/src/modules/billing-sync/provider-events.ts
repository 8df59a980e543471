import { isUuid } from '../../db/uuid.ts';
import type { Db } from '../../db/database.ts';
import { convergeTeam } from '../billing/provider-state.ts';
import { findTeam } from '../team/team.service.ts';
import type { SyncDeps } from '../billing/provider-state.ts';
import { createBillingEventsRepository } from './billing-events.repository.ts';

/** An event as webhooks deliver it and the event list answers it (Chargebee's shape). */
export interface ProviderEvent {
  id: string;
  occurred_at: number;
  event_type: string;
  content: {
    subscription?: { id?: string; customer_id?: string };
    customer?: { id?: string };
    invoice?: { customer_id?: string };
    card?: { customer_id?: string };
    payment_source?: { customer_id?: string };
  };
}

/** The team an event is about: customer and subscription ids at the provider are team ids. */
export function eventTeamId(content: ProviderEvent['content']): string | undefined {
  const id =
    content.subscription?.id ??
    content.customer?.id ??
    content.subscription?.customer_id ??
    content.invoice?.customer_id ??
    content.payment_source?.customer_id ??
    content.card?.customer_id;
  return typeof id === 'string' && isUuid(id) ? id : undefined;
}

function recordEvent(tx: Db, event: ProviderEvent, teamId: string | null, now: Date) {
  return createBillingEventsRepository(tx).recordEvent({
    id: event.id,
    type: event.event_type,
    occurredAt: new Date(event.occurred_at * 1000),
    teamId,
    now,
  });
}

/**
 * Processes one provider event once: a duplicate changes nothing. The event only says which
 * team to look at; the state stored is the provider's current one (and only when newer), so
 * events arriving late, out of order or twice cannot move a team's plan backwards.
 */
export async function processEvent(
  deps: SyncDeps,
  event: ProviderEvent,
): Promise<'processed' | 'duplicate'> {
  // Seen before: answered without asking the provider again (it retries deliveries, and the
  // reconciliation reads the last minute of events again on every run).
  if (await createBillingEventsRepository(deps.db).eventSeen(event.id)) return 'duplicate';
  const now = deps.clock();
  const teamId = eventTeamId(event.content);
  if (teamId) {
    // Recorded in the same transaction as the change: a change that fails leaves the event
    // unrecorded, so its next delivery tries again. Of two deliveries racing, one records it.
    let recordedHere = false;
    const changed = await convergeTeam(deps, teamId, async (tx) => {
      recordedHere = await recordEvent(tx, event, teamId, now);
    });
    if (changed !== undefined) return recordedHere ? 'processed' : 'duplicate';
  }
  // No team of ours, or nothing at the provider to converge to: the event is only recorded.
  const team = teamId ? await findTeam(deps.db, teamId) : undefined;
  const recorded = await recordEvent(deps.db, event, team?.id ?? null, now);
  return recorded ? 'processed' : 'duplicate';
}
