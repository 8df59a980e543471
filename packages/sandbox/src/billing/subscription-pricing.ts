import type { SubscriptionItem, SubscriptionRow } from './billing-tables.ts';
import { addMonths, termEnd } from './billing-terms.ts';
import { couponApplies, couponRefusal, findCoupon } from './coupons.ts';
import type { AppliedCoupon, CouponRule } from './coupons.ts';
import { chargeLines, draftInvoice } from './invoice-builder.ts';
import type { DraftInvoice } from './invoice-builder.ts';
import { storedItems } from './subscription-items.ts';
import type { ResolvedItems } from './subscription-items.ts';

/** What a subscription looks like after a change is paid. */
export interface PlannedSubscription {
  items: SubscriptionItem[];
  coupons: AppliedCoupon[];
  unit: 'month' | 'year';
  termStart: number;
  termEnd: number;
  /** A new term (new subscription, reactivation, period change) rather than the current one. */
  newTerm: boolean;
}

export interface PricedChange {
  /** What is due now. */
  invoice: DraftInvoice;
  /** The renewal invoice at the end of the (new) term. */
  next: DraftInvoice;
  planned: PlannedSubscription;
}

const LIVE = new Set(['active', 'non_renewing']);

const ruleOf = (applied: AppliedCoupon): CouponRule | undefined => findCoupon(applied.coupon_id);

/** The coupons that discount an invoice dated `at`. */
export function activeCoupons(applied: readonly AppliedCoupon[], at: number): CouponRule[] {
  return applied.flatMap((entry) => {
    const rule = ruleOf(entry);
    return rule && couponApplies(entry, rule, at) ? [rule] : [];
  });
}

/** The coupons' records after an invoice dated `at` used them. */
export function afterInvoice(applied: readonly AppliedCoupon[], at: number): AppliedCoupon[] {
  return applied.map((entry) => {
    const rule = ruleOf(entry);
    return rule && couponApplies(entry, rule, at)
      ? { ...entry, applied_count: entry.applied_count + 1 }
      : entry;
  });
}

/** A coupon starting at `start`: limited coupons run their months from there. */
export function applyCoupon(rule: CouponRule, start: number): AppliedCoupon {
  return {
    coupon_id: rule.id,
    apply_till:
      rule.duration_type === 'limited_period' ? addMonths(start, rule.duration_month ?? 0) : null,
    applied_count: 0,
  };
}

/**
 * Prices a change to `resolved` items at `now`: a new subscription (or a cancelled one taken
 * up again) or a change of period starts a new term billed in full; a change within the term
 * bills the new items for the rest of it, less credit for the unused part of the current ones
 * (both by seconds remaining over seconds in the term). `coupons` undefined keeps the current ones.
 */
export function priceChange(input: {
  customerId: string;
  subscriptionId: string;
  current: SubscriptionRow | undefined;
  resolved: ResolvedItems;
  coupons: readonly CouponRule[] | undefined;
  now: number;
}): PricedChange {
  const { current, resolved, now } = input;
  const ids = { customerId: input.customerId, subscriptionId: input.subscriptionId };
  const unit = resolved.plan.period_unit;
  const live = current && LIVE.has(current.status) && current.current_term_end > now;
  const newTerm = !live || current.billing_period_unit !== unit;
  const start = newTerm ? now : current.current_term_start;
  const end = newTerm ? termEnd(now, unit) : current.current_term_end;

  const kept = current && LIVE.has(current.status) ? current.coupons : [];
  const chosen =
    input.coupons === undefined
      ? kept.filter((entry) => {
          const rule = ruleOf(entry);
          return rule && !couponRefusal(rule, resolved.plan);
        })
      : input.coupons.map(
          (rule) => kept.find((entry) => entry.coupon_id === rule.id) ?? applyCoupon(rule, now),
        );

  let credit = 0;
  if (live) {
    const term = current.current_term_end - current.current_term_start;
    const share = { remaining: current.current_term_end - now, term };
    const was = storedItems(current.items);
    const unused = chargeLines(ids, was, { from: now, to: current.current_term_end, share });
    credit = draftInvoice(now, unused, activeCoupons(current.coupons, now), was.plan).total;
  }
  const period = newTerm
    ? { from: start, to: end }
    : { from: now, to: end, share: { remaining: end - now, term: end - start } };
  const invoice = draftInvoice(
    now,
    chargeLines(ids, resolved, period),
    activeCoupons(chosen, now),
    resolved.plan,
    credit,
  );
  const coupons = afterInvoice(chosen, now);
  const next = draftInvoice(
    end,
    chargeLines(ids, resolved, { from: end, to: termEnd(end, unit) }),
    activeCoupons(coupons, end),
    resolved.plan,
  );
  return {
    invoice,
    next,
    planned: {
      items: resolved.items.map(({ item_price_id, quantity }) => ({ item_price_id, quantity })),
      coupons,
      unit,
      termStart: start,
      termEnd: end,
      newTerm,
    },
  };
}

/** The renewal of a subscription at its term end: the next term's invoice and coupon records. */
export function priceRenewal(subscription: SubscriptionRow) {
  const resolved = storedItems(subscription.items);
  const start = subscription.current_term_end;
  const end = termEnd(start, subscription.billing_period_unit);
  const ids = { customerId: subscription.customer_id, subscriptionId: subscription.id };
  const invoice = draftInvoice(
    start,
    chargeLines(ids, resolved, { from: start, to: end }),
    activeCoupons(subscription.coupons, start),
    resolved.plan,
  );
  return {
    invoice,
    termStart: start,
    termEnd: end,
    coupons: afterInvoice(subscription.coupons, start),
    resolved,
  };
}
