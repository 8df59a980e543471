import { ACTIVE_ANNUAL_PLANS, PLAN_OPTIONS } from '@gds/contract';
import type {
  BillingPeriod,
  CheckoutOutcome,
  BusinessUnit,
  PlanSelection,
  ResponseOf,
  billing,
} from '@gds/contract';
import type { Coupon } from 'chargebee';
import type { SessionUser } from '../../http/request-context.ts';
import { couponMismatch, periodWord } from '@gds/contract/coupon-applicability';
import { AppError, notFound } from '../../lib/errors.ts';
import { effectivePlanStatus } from '../team/team-plan.service.ts';
import { findTeam } from '../team/team.service.ts';
import { ITEM_FAMILY, itemsFor, planPriceId } from './billing-catalogue.ts';
import type { BillingDeps } from './billing-deps.ts';
import { BILLING_MESSAGES } from './billing-errors.ts';
import { fromEpoch, toInvoiceEstimate } from './billing.mappers.ts';
import { createBillingRepository } from './billing.repository.ts';
import { dropCheckout, settleHostedPage } from './checkout-outcome.ts';
import type { BillingSubscriptionRow } from '../../db/schema.ts';

/** Where the provider's hosted pages send the browser back to. */
export const THANK_YOU_PATH = '/thankyou';
export const BILLING_PATH = '/billing';
/** Where a cancelled checkout comes back to: Billing, which settles the page it left. */
export const CHECKOUT_CANCELLED_PATH = '/billing?checkout=cancelled';

/**
 * Refuses a coupon the provider does not know, no longer honours, or restricts to other plans,
 * naming the coupon and why, before anything is estimated or bought.
 */
async function checkCoupon(
  deps: BillingDeps,
  unit: BusinessUnit,
  code: string | undefined,
  period: BillingPeriod,
): Promise<Coupon | undefined> {
  if (!code) return undefined;
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, 'coupon');
  const coupon = await deps.client.coupon(code);
  if (!coupon) throw refuse(BILLING_MESSAGES.unknownCoupon(code));
  if (coupon.status !== undefined && coupon.status !== 'active') {
    throw refuse(BILLING_MESSAGES.couponNotActive(code));
  }
  // The selection's plan as the provider lists it: the coupon's constraints decide on it.
  const plan = {
    id: planPriceId(unit, period),
    item_type: 'plan' as const,
    item_family_id: ITEM_FAMILY[unit],
    period: 1,
    period_unit: period,
  };
  const mismatch = couponMismatch(coupon, plan);
  if (!mismatch) return coupon;
  const wanted =
    mismatch.reason === 'period'
      ? periodWord(mismatch.periods)
      : mismatch.reason === 'specific'
        ? periodOfPlans(mismatch.itemPriceIds)
        : undefined;
  // Naming the other period helps only when the chosen plan is billed for a different one.
  const own = period === 'year' ? 'annual' : 'monthly';
  if (wanted === 'annual' && own !== wanted) throw refuse(BILLING_MESSAGES.couponAnnualOnly(code));
  if (wanted === 'monthly' && own !== wanted) {
    throw refuse(BILLING_MESSAGES.couponMonthlyOnly(code));
  }
  throw refuse(BILLING_MESSAGES.couponNotForPlan(code));
}

/** Whether listed plan ids are all annual or all monthly ones. */
function periodOfPlans(ids: readonly string[]): 'annual' | 'monthly' | undefined {
  const annual = (id: string) => (ACTIVE_ANNUAL_PLANS as readonly string[]).includes(id);
  if (ids.length > 0 && ids.every(annual)) return 'annual';
  if (ids.length > 0 && !ids.some(annual)) return 'monthly';
  return undefined;
}

/** The items the copy holds now, as a selection would ask for them. */
function selectionOfCopy(unit: BusinessUnit, copy: BillingSubscriptionRow): PlanSelection {
  const options = PLAN_OPTIONS[unit];
  return {
    period: copy.period,
    accounts: options.accounts.chargedAbove + copy.extra_accounts,
    users: options.users.chargedAbove + copy.extra_users,
    addons: Array.isArray(copy.addons) ? copy.addons : [],
  };
}

const isoOf = (seconds: number | undefined) => fromEpoch(seconds)?.toISOString() ?? null;

/** Price previews and checkout through the provider's hosted pages. */
export function createCheckoutService(deps: BillingDeps) {
  const repo = createBillingRepository(deps.db);

  /** Whether the provider holds a subscription for the team (the copy, else one lookup). */
  async function hasSubscription(teamId: string): Promise<boolean> {
    if (await repo.findCopy(teamId)) return true;
    return (await deps.client.subscription(teamId)) !== undefined;
  }

  return {
    async estimate(
      user: SessionUser,
      selection: PlanSelection,
    ): Promise<ResponseOf<typeof billing.estimatePlan>> {
      const unit = user.teamUnit;
      const items = itemsFor(unit, selection);
      const coupon = await checkCoupon(deps, unit, selection.coupon, selection.period);
      const request = { items, coupon: coupon?.id };
      const estimate = (await repo.findCopy(user.teamId))
        ? await deps.client.estimateChange(user.teamId, request)
        : await deps.client.estimateNew(request);
      const currency =
        estimate.subscription_estimate?.currency_code ??
        estimate.invoice_estimate?.currency_code ??
        'USD';
      return {
        currency,
        dueToday: toInvoiceEstimate(estimate.invoice_estimate),
        perPeriod: toInvoiceEstimate(estimate.next_invoice_estimate ?? estimate.invoice_estimate),
        nextBillingAt: isoOf(estimate.subscription_estimate?.next_billing_at),
        coupon: coupon ? { code: coupon.id, description: coupon.name } : null,
      };
    },

    /** The next renewal as the subscription stands; for a trial, the default plan at trial end. */
    async nextBillingAmount(
      user: SessionUser,
    ): Promise<ResponseOf<typeof billing.estimateNextBillingAmount>> {
      const unit = user.teamUnit;
      const team = await findTeam(deps.db, user.teamId);
      const now = deps.clock();
      const status = team
        ? effectivePlanStatus(team.plan_status, team.trial_ends_at, now)
        : 'cancelled';
      const copy = await repo.findCopy(user.teamId);
      if (status === 'cancelled' || status === 'non_renewing') {
        return { amount: 0, currency: copy?.currency ?? 'USD', date: null };
      }
      if (copy) {
        const items = itemsFor(unit, selectionOfCopy(unit, copy));
        const estimate = await deps.client.estimateChange(user.teamId, { items });
        return {
          amount: estimate.next_invoice_estimate?.total ?? estimate.invoice_estimate?.total ?? 0,
          currency: estimate.subscription_estimate?.currency_code ?? copy.currency,
          date: isoOf(estimate.subscription_estimate?.next_billing_at),
        };
      }
      // No subscription at the provider yet (a trial): nothing is billed until a plan is bought,
      // so there is no next bill to ask anyone about.
      return { amount: 0, currency: 'USD', date: null };
    },

    /**
     * The provider's hosted checkout page for the selection. One page per idempotency key and
     * team: a double click or a retry answers the stored page (and the provider, given the same
     * key, answers the same page), so a selection is bought at most once per key. `origin` is
     * the app origin the buyer is on: the page sends them back there, where their session is.
     */
    async customize(
      user: SessionUser,
      input: PlanSelection & { idempotencyKey: string },
      origin: string,
    ): Promise<ResponseOf<typeof billing.customizePlan>> {
      const unit = user.teamUnit;
      const items = itemsFor(unit, input);
      const fingerprint = JSON.stringify({ items, coupon: input.coupon ?? null });
      const key = input.idempotencyKey;
      const existing = await repo.findCheckout(user.teamId, key);
      if (existing) {
        if (existing.selection !== fingerprint) {
          throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.keyReused, 'idempotencyKey');
        }
        return { hostedPageUrl: existing.hosted_page_url };
      }
      const coupon = await checkCoupon(deps, unit, input.coupon, input.period);
      const common = {
        items,
        coupon: coupon?.id,
        redirectUrl: `${origin}${THANK_YOU_PATH}`,
        cancelUrl: `${origin}${CHECKOUT_CANCELLED_PATH}`,
        // Keys are the browser's: the team id keeps two teams' keys apart at the provider.
        idempotencyKey: `${user.teamId}:${key}`,
      };
      const page = (await hasSubscription(user.teamId))
        ? await deps.client.checkoutExisting({ ...common, subscriptionId: user.teamId })
        : await deps.client.checkoutNew({ ...common, teamId: user.teamId, email: user.email });
      if (!page.url || !page.id) throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.refused);
      await repo.insertCheckout({
        teamId: user.teamId,
        key,
        selection: fingerprint,
        pageId: page.id,
        url: page.url,
        expiresAt: fromEpoch(page.expires_at) ?? undefined,
        now: deps.clock(),
      });
      // Two racing requests with one key: the first stored page is the answer to both.
      const stored = await repo.findCheckout(user.teamId, key);
      return { hostedPageUrl: stored?.hosted_page_url ?? page.url };
    },

    /**
     * The browser is back from the provider's page: settle the plan with what became of it.
     * Only a page one of the team's own checkouts opened is looked up.
     */
    async confirm(user: SessionUser, hostedPageId: string): Promise<CheckoutOutcome> {
      const checkout = await repo.findCheckoutByPage(user.teamId, hostedPageId);
      if (!checkout) throw notFound('The checkout');
      const page = await deps.client.hostedPage(hostedPageId);
      return settleHostedPage(deps, user.teamId, page);
    },

    /**
     * The person gives up the checkout they left open: the plan stops waiting. The page is asked
     * first, so one that was paid after all is settled as paid rather than forgotten.
     */
    async drop(user: SessionUser): Promise<CheckoutOutcome> {
      const checkout = await repo.latestCheckout(user.teamId);
      const page = checkout ? await deps.client.hostedPage(checkout.hosted_page_id) : undefined;
      return dropCheckout(deps, user.teamId, page);
    },

    /** The browser left for the provider's page: show "confirming" until the webhook says so. */
    async markPending(user: SessionUser): Promise<{ success: true }> {
      await repo.setWebhookStatus(user.teamId, 'pending', deps.clock());
      return { success: true };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
