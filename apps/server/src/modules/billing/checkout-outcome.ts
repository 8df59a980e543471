import type { CheckoutOutcome, WebhookStatus } from '@gds/contract';
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
 * The person gives up waiting for a checkout: a paid page is settled as paid (the plan is
 * stored); any other page, still open or not, no longer holds the plan in "confirming". A page
 * paid later anyway still takes effect through its webhook.
 */
export async function dropCheckout(
  deps: SyncDeps,
  teamId: string,
  page: HostedPage | undefined,
): Promise<CheckoutOutcome> {
  const outcome = outcomeOf(page, deps.clock());
  if (outcome === 'succeeded') return settleHostedPage(deps, teamId, page);
  const repo = createBillingRepository(deps.db);
  const state = await repo.webhookState(teamId);
  if (state?.webhook_status === 'pending') {
    await repo.clearPending(teamId, state.changed_at, deps.clock());
  }
  return outcome;
}

/** The team's checkout the plan waits for, as the plan's details show it. */
export interface WaitingCheckout {
  webhookStatus: WebhookStatus;
  openCheckout: { url: string; expiresAt: string } | null;
}

/**
 * Whether the plan still waits for a checkout, read without writing: it waits while the
 * provider's page of its latest checkout can still take payment, never past the page's own
 * expiry (the reconciliation then records the settled state). A checkout stored without an
 * expiry waits until the reconciliation settles it.
 */
export function waitingCheckout(
  state: { webhook_status: WebhookStatus } | undefined,
  latest: { hosted_page_url: string; expires_at: Date | null } | undefined,
  now: Date,
): WaitingCheckout {
  if (state?.webhook_status !== 'pending')
    return { webhookStatus: 'confirmed', openCheckout: null };
  if (!latest?.expires_at) return { webhookStatus: 'pending', openCheckout: null };
  if (latest.expires_at.getTime() <= now.getTime()) {
    return { webhookStatus: 'confirmed', openCheckout: null };
  }
  return {
    webhookStatus: 'pending',
    openCheckout: { url: latest.hosted_page_url, expiresAt: latest.expires_at.toISOString() },
  };
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
