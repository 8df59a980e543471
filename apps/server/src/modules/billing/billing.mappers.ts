import { PLAN_OPTIONS, isOnTrial } from '@gds/contract';
import type {
  BusinessUnit,
  Card,
  InvoiceEstimate,
  SubscriptionDetails,
  SubscriptionStatus,
  WebhookStatus,
} from '@gds/contract';
import type { Estimate, Subscription } from 'chargebee';
import type { BillingSubscriptionRow, NewBillingSubscription, TeamRow } from '../../db/schema.ts';
import type { TeamPlan } from '../team/team-plan.service.ts';
import { appliesAnnualDiscount, parsePriceId, planPriceId } from './billing-catalogue.ts';

/** Provider timestamps are epoch seconds. */
export const fromEpoch = (seconds: number | undefined | null): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** The provider's statuses as the team's plan knows them (a paused plan cannot grow either). */
const TEAM_STATUS: Record<Subscription['status'], TeamPlan['status']> = {
  future: 'active',
  in_trial: 'in_trial',
  active: 'active',
  non_renewing: 'non_renewing',
  paused: 'cancelled',
  cancelled: 'cancelled',
  transferred: 'cancelled',
};

/** The copy of a provider subscription as stored, and the team plan it grants. */
export function toCopy(
  unit: BusinessUnit,
  teamId: string,
  subscription: Subscription,
  now: Date,
): { row: NewBillingSubscription; plan: TeamPlan } {
  let planItem = planPriceId(unit, 'month');
  let period: 'month' | 'year' = subscription.billing_period_unit === 'year' ? 'year' : 'month';
  let extraAccounts = 0;
  let extraUsers = 0;
  const addons: string[] = [];
  for (const item of subscription.subscription_items ?? []) {
    const parsed = parsePriceId(unit, item.item_price_id);
    if (!parsed) continue;
    if (parsed.kind === 'plan') {
      planItem = item.item_price_id;
      period = parsed.period;
    } else if (parsed.addon === 'accounts') extraAccounts = item.quantity ?? 0;
    else if (parsed.addon === 'team-users') extraUsers = item.quantity ?? 0;
    else addons.push(parsed.addon);
  }
  addons.sort();
  const status = TEAM_STATUS[subscription.status] ?? 'cancelled';
  const trialEnd = fromEpoch(subscription.trial_end);
  const options = PLAN_OPTIONS[unit];
  return {
    row: {
      team_id: teamId,
      status: subscription.status,
      plan_item_price_id: planItem,
      period,
      extra_accounts: extraAccounts,
      extra_users: extraUsers,
      addons: JSON.stringify(addons),
      coupons: JSON.stringify((subscription.coupons ?? []).map((c) => c.coupon_id)),
      currency: subscription.currency_code ?? 'USD',
      current_term_start: fromEpoch(subscription.current_term_start),
      current_term_end: fromEpoch(subscription.current_term_end),
      next_billing_at: fromEpoch(subscription.next_billing_at),
      trial_end: trialEnd,
      cancelled_at: fromEpoch(subscription.cancelled_at),
      resource_version: subscription.resource_version ?? 0,
      updated_at: now,
    },
    plan: {
      planId: planItem,
      accountLimit: options.accounts.default + extraAccounts,
      userLimit: options.users.default + extraUsers,
      addons,
      status,
      trialEndsAt: isOnTrial(status) ? trialEnd : null,
    },
  };
}

/** The card summary kept on the copy (never more than brand, last 4 and expiry). */
/** A card as the provider answers it, on a subscription (card_type) or a payment source (brand). */
export interface CardLike {
  card_type?: string;
  brand?: string;
  last4?: string;
  expiry_month?: number;
  expiry_year?: number;
}

export function toCardColumns(card: CardLike | undefined) {
  return {
    card_brand: card?.card_type ?? card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    card_expiry_month: card?.expiry_month ?? null,
    card_expiry_year: card?.expiry_year ?? null,
  };
}

export function toCard(copy: BillingSubscriptionRow | undefined): Card | null {
  if (!copy?.card_last4) return null;
  return {
    brand: copy.card_brand ?? 'card',
    last4: copy.card_last4,
    expiryMonth: copy.card_expiry_month ?? 0,
    expiryYear: copy.card_expiry_year ?? 0,
  };
}

/** When the current state ends: trial end, term end of a non_renewing plan, cancel date. */
function endDate(status: SubscriptionStatus, team: TeamRow, copy?: BillingSubscriptionRow) {
  if (isOnTrial(status) || status === 'trial_expired') return team.trial_ends_at;
  if (status === 'non_renewing') return copy?.cancelled_at ?? copy?.current_term_end ?? null;
  if (status === 'cancelled') return copy?.cancelled_at ?? null;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan usage's subscription details, from the team's plan and its copy (if any). */
export function toSubscriptionDetails(input: {
  unit: BusinessUnit;
  team: TeamRow;
  status: SubscriptionStatus;
  copy: BillingSubscriptionRow | undefined;
  webhookStatus: WebhookStatus;
  openCheckout: SubscriptionDetails['openCheckout'];
  now: Date;
}): SubscriptionDetails {
  const { unit, team, status, copy, now } = input;
  const period = copy?.period ?? 'month';
  const trialEnd = team.trial_ends_at;
  return {
    status,
    planId: copy?.plan_item_price_id ?? team.plan_id,
    period,
    end_date: iso(endDate(status, team, copy)),
    applyDiscount: period === 'year' && appliesAnnualDiscount(unit),
    webhook_status: input.webhookStatus,
    trialAddon: false,
    trialDaysLeft:
      isOnTrial(status) && trialEnd
        ? Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS))
        : null,
    nextBillingAt: iso(copy?.next_billing_at ?? (isOnTrial(status) ? trialEnd : null)),
    currentTermStart: iso(copy?.current_term_start),
    currentTermEnd: iso(copy?.current_term_end),
    accounts: team.account_limit,
    users: team.user_limit,
    addons: Array.isArray(team.addons) ? team.addons : [],
    couponCodes: Array.isArray(copy?.coupons) ? copy.coupons : [],
    currency: copy?.currency ?? 'USD',
    openCheckout: input.openCheckout,
  };
}

const ZERO: InvoiceEstimate = {
  lines: [],
  discounts: [],
  subTotal: 0,
  total: 0,
  credits: 0,
  amountDue: 0,
};

type ProviderInvoiceEstimate = NonNullable<Estimate['invoice_estimate']>;

/** A provider invoice estimate in the contract's words (integers carried as they are). */
export function toInvoiceEstimate(estimate: ProviderInvoiceEstimate | undefined): InvoiceEstimate {
  if (!estimate) return ZERO;
  return {
    lines: (estimate.line_items ?? []).map((line) => ({
      description: line.description,
      quantity: line.quantity ?? 1,
      unitAmount: line.unit_amount,
      amount: line.amount ?? 0,
    })),
    discounts: (estimate.discounts ?? []).map((d) => ({
      description: d.description ?? '',
      amount: d.amount,
    })),
    subTotal: estimate.sub_total,
    total: estimate.total ?? 0,
    credits: estimate.credits_applied ?? 0,
    amountDue: estimate.amount_due ?? 0,
  };
}
