import { COUPONS } from '@gds/contract';
import { couponMismatch, periodWord } from '@gds/contract/coupon-applicability';
import type { Discount } from './money.ts';
import { monthlyPlanPriceOf } from './catalogue.ts';
import type { ItemPrice, PeriodUnit } from './catalogue.ts';

/** The contract's coupons as the sandbox sells them, and the rules of when they apply. */

export interface CouponRule {
  id: string;
  name: string;
  discount_type: 'percentage' | 'fixed_amount';
  /** Percent (10, 50, 100) for percentage coupons. */
  percent?: number;
  /** Fixed coupons take this many months of the plan's monthly price. */
  freeMonths?: number;
  duration_type: 'one_time' | 'forever' | 'limited_period';
  duration_month?: number;
  /** The plan period the coupon is sold for; undefined: any plan. */
  period?: PeriodUnit;
}

const rule = (r: CouponRule) => r;

export const COUPON_RULES: readonly CouponRule[] = [
  rule({
    id: COUPONS.promo,
    name: '10% off',
    discount_type: 'percentage',
    percent: 10,
    duration_type: 'forever',
  }),
  rule({
    id: COUPONS.annual,
    name: '15% off annual plans',
    discount_type: 'percentage',
    percent: 15,
    duration_type: 'forever',
    period: 'year',
  }),
  rule({
    id: COUPONS.halfOffMonthly,
    name: '50% off for 3 months',
    discount_type: 'percentage',
    percent: 50,
    duration_type: 'limited_period',
    duration_month: 3,
    period: 'month',
  }),
  rule({
    id: COUPONS.halfOffAnnual,
    name: '50% off the first year',
    discount_type: 'percentage',
    percent: 50,
    duration_type: 'limited_period',
    duration_month: 12,
    period: 'year',
  }),
  rule({
    id: COUPONS.freeMonthMonthly,
    name: '1 free month',
    discount_type: 'percentage',
    percent: 100,
    duration_type: 'limited_period',
    duration_month: 1,
    period: 'month',
  }),
  rule({
    id: COUPONS.threeFreeMonthsMonthly,
    name: '3 free months',
    discount_type: 'percentage',
    percent: 100,
    duration_type: 'limited_period',
    duration_month: 3,
    period: 'month',
  }),
  rule({
    id: COUPONS.freeMonthAnnual,
    name: '1 free month on the annual plan',
    discount_type: 'fixed_amount',
    freeMonths: 1,
    duration_type: 'one_time',
    period: 'year',
  }),
  rule({
    id: COUPONS.threeFreeMonthsAnnual,
    name: '3 free months on the annual plan',
    discount_type: 'fixed_amount',
    freeMonths: 3,
    duration_type: 'one_time',
    period: 'year',
  }),
];

const BY_ID = new Map(COUPON_RULES.map((coupon) => [coupon.id, coupon]));

export const findCoupon = (id: string): CouponRule | undefined => BY_ID.get(id);

/**
 * Why a coupon cannot go with a plan, or undefined when it can: decided from the constraints
 * GET /coupons/{id} answers, by the rule the billing module reads them with, so what the app
 * accepts and what the sandbox prices and invoices cannot differ.
 */
export function couponRefusal(coupon: CouponRule, plan: ItemPrice): string | undefined {
  const mismatch = couponMismatch(couponResource(coupon), plan);
  if (!mismatch) return undefined;
  const wanted = mismatch.reason === 'period' ? periodWord(mismatch.periods) : undefined;
  const billed = plan.period_unit === 'year' ? 'yearly' : 'monthly';
  return wanted
    ? `The coupon ${coupon.id} applies to ${wanted} plans only; ${plan.id} is billed ${billed}.`
    : `The coupon ${coupon.id} does not apply to ${plan.id}.`;
}

/** The discount a coupon gives on an invoice of `plan`'s family. */
export function couponDiscount(coupon: CouponRule, plan: ItemPrice): Discount {
  if (coupon.discount_type === 'percentage') {
    return { kind: 'percentage', basisPoints: (coupon.percent ?? 0) * 100 };
  }
  return {
    kind: 'fixed_amount',
    amount: (coupon.freeMonths ?? 0) * monthlyPlanPriceOf(plan.item_family_id),
  };
}

/** A coupon on a subscription: until when it applies and how often it has. */
export interface AppliedCoupon {
  coupon_id: string;
  /** Epoch seconds; null: no end (forever or one-time). */
  apply_till: number | null;
  applied_count: number;
}

/** Whether an applied coupon still discounts an invoice dated `at` (epoch seconds). */
export function couponApplies(applied: AppliedCoupon, coupon: CouponRule, at: number): boolean {
  if (coupon.duration_type === 'one_time') return applied.applied_count === 0;
  if (coupon.duration_type === 'limited_period')
    return applied.apply_till !== null && at < applied.apply_till;
  return true;
}

/** The coupon as Chargebee's GET /coupons/{id} answers it. */
export function couponResource(coupon: CouponRule) {
  return {
    id: coupon.id,
    name: coupon.name,
    invoice_name: coupon.name,
    discount_type: coupon.discount_type,
    ...(coupon.percent !== undefined ? { discount_percentage: coupon.percent } : {}),
    // Chargebee's fixed coupons name one amount: the first unit's monthly plan price per
    // month given; the sandbox takes the months off each brand's own monthly price.
    ...(coupon.freeMonths !== undefined
      ? {
          discount_amount: coupon.freeMonths * monthlyPlanPriceOf('megalytic'),
          currency_code: 'USD',
        }
      : {}),
    duration_type: coupon.duration_type,
    ...(coupon.duration_month !== undefined ? { duration_month: coupon.duration_month } : {}),
    apply_on: 'invoice_amount',
    status: 'active',
    object: 'coupon',
    // A coupon sold for one period reaches plans by criteria on their item price period, as
    // Chargebee models it: the periods go in item_constraint_criteria, not in the constraint.
    item_constraints: [
      { item_type: 'plan', constraint: coupon.period ? 'criteria' : 'all' },
      { item_type: 'addon', constraint: 'all' },
    ],
    ...(coupon.period
      ? {
          item_constraint_criteria: [
            { item_type: 'plan', item_price_periods: [`1-${coupon.period}`] },
          ],
        }
      : {}),
  };
}
