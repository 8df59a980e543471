import type { CheckoutOutcome } from '@gds/contract';
import type { HostedPage } from 'chargebee';
import { notFound } from '../../lib/errors.ts';
import { convergeTeam } from './provider-state.ts';
import type { SyncDeps } from './provider-state.ts';
import { createBillingRepository } from './billing.repository.ts';

/** A checkout still unconfirmed after this long is settled from its hosted page. */
const PENDING_SETTLE_AFTER_MS = 10 * 60 * 1000;
/** At most this many pending checkouts are looked up per run; the next run continues. */
const MAX_PENDING_PER_RUN = 50;

/** The team a paid page bought for: its subscription's (or customer's) id is the team id. */
function pageTeamId(page: HostedPage): string | undefined {
  const content = (page.content ?? {}) as {
    subscription?: { id?: unknown };
    customer?: { id?: unknown };
  };
  const id = content.subscription?.id ?? content.customer?.id;
  return typeof id === 'string' ? id : undefined;
}

/** What became of a hosted page as the provider answers it now. */
export function outcomeOf(page: HostedPage | undefined, now: Date): CheckoutOutcome {
  if (!page) return 'expired';
  if (page.state === 'succeeded' || page.state === 'acknowledged') return 'succeeded';
  if (page.state === 'cancelled') return 'cancelled';
  if (page.expires_at !== undefined && page.expires_at * 1000 <= now.getTime()) return 'expired';
  return 'open';
}

/**
 * Settles the team's plan with what became of one of its hosted pages. Paid: the provider's
 * current subscription is stored through the same converge path a webhook takes (so the new
 * limits apply before the webhook arrives, and a late webhook changes nothing) and the plan
 * stops waiting. Cancelled or expired: nothing was bought, so the plan stops waiting. Open:
 * the person may still pay, nothing changes. A paid page of another team is not found.
 */
export async function settleHostedPage(
  deps: SyncDeps,
  teamId: string,
  page: HostedPage | undefined,
): Promise<CheckoutOutcome> {
  const outcome = outcomeOf(page, deps.clock());
  if (outcome === 'open') return outcome;
  if (outcome === 'succeeded') {
    const owner = page && pageTeamId(page);
    if (owner !== undefined && owner !== teamId) throw notFound('The checkout');
    await convergeTeam(deps, teamId);
  }
  const repo = createBillingRepository(deps.db);
  const state = await repo.webhookState(teamId);
  if (state?.webhook_status === 'pending') {
    await repo.clearPending(teamId, state.changed_at, deps.clock());
  }
  return outcome;
}

/**
 * Checkouts nobody came back from (background work over all teams): the latest page of a team
 * still pending is settled from the provider (paid: stored; cancelled or expired: no longer
 * pending; open: left alone). A team pending without any checkout bought nothing.
 */
export async function settleStalePending(deps: SyncDeps, now: Date): Promise<void> {
  const repo = createBillingRepository(deps.db);
  const before = new Date(now.getTime() - PENDING_SETTLE_AFTER_MS);
  for (const teamId of await repo.pendingSince(before, MAX_PENDING_PER_RUN)) {
    const checkout = await repo.latestCheckout(teamId);
    const page = checkout ? await deps.client.hostedPage(checkout.hosted_page_id) : undefined;
    await settleHostedPage(deps, teamId, page);
  }
}
