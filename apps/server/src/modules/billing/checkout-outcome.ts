import type { CheckoutOutcome } from '@gds/contract';
import type { HostedPage } from 'chargebee';
import { notFound } from '../../lib/errors.ts';
import { convergeTeam } from './billing-sync.ts';
import type { SyncDeps } from './billing-sync.ts';
import { createBillingRepository } from './billing.repository.ts';

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
