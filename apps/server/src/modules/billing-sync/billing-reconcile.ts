import { settleStalePending } from '../billing/checkout-outcome.ts';
import type { SyncDeps } from '../billing/provider-state.ts';
import { createBillingEventsRepository } from './billing-events.repository.ts';
import { processEvent } from './provider-events.ts';
import type { ProviderEvent } from './provider-events.ts';

/** A reading claimed by an instance that died is free again after this long. */
const CLAIM_MS = 5 * 60 * 1000;
/** Events are read again from a little before the last one seen: one arriving late in the same second is not skipped (processed ones are recognised by id). */
const OVERLAP_MS = 60 * 1000;
/** A first reading looks this far back. */
const FIRST_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** At most this many events per run; the next run continues. */
const MAX_EVENTS_PER_RUN = 1000;

export interface ReconcileSummary {
  claimed: boolean;
  processed: number;
  duplicates: number;
}

/**
 * Reads the provider's event list after the last event seen and processes each event the way a
 * webhook is processed (once per id, converging to the current subscription), so a webhook that
 * never arrived still takes effect. One instance reads at a time (a claim on the cursor row);
 * a failure stops the run where it is, and the next run starts from there.
 */
export async function reconcileBillingEvents(deps: SyncDeps): Promise<ReconcileSummary> {
  const repo = createBillingEventsRepository(deps.db);
  const now = deps.clock();
  const start = new Date(now.getTime() - FIRST_LOOKBACK_MS);
  const after = await repo.claimCursor(now, new Date(now.getTime() + CLAIM_MS), start);
  if (!after) return { claimed: false, processed: 0, duplicates: 0 };
  let last = after;
  const summary: ReconcileSummary = { claimed: true, processed: 0, duplicates: 0 };
  try {
    const from = Math.floor((after.getTime() - OVERLAP_MS) / 1000);
    let offset: string | undefined;
    do {
      const page = await deps.client.events(from, offset);
      for (const event of page.events) {
        const outcome = await processEvent(deps, event as unknown as ProviderEvent);
        summary[outcome === 'duplicate' ? 'duplicates' : 'processed'] += 1;
        const at = new Date(event.occurred_at * 1000);
        if (at > last) last = at;
      }
      offset = page.next;
    } while (offset && summary.processed + summary.duplicates < MAX_EVENTS_PER_RUN);
  } catch (error) {
    // Checkouts nobody came back from are settled from their own pages, which the event list
    // failing says nothing about: a broken event never keeps a team "confirming".
    await repo.releaseCursor(last);
    await settleStalePending(deps, now);
    throw error;
  }
  await repo.releaseCursor(last);
  await settleStalePending(deps, now);
  return summary;
}
