/**
 * Which item prices a Chargebee coupon goes with, decided from the coupon's own documented
 * fields the way the provider decides it. The billing module reads a coupon with it before it
 * asks for a price, and the sandbox provider applies its coupons with it, so a preview, the
 * checkout and the invoice agree on every coupon.
 *
 * Chargebee states a coupon's reach per item type in `item_constraints`: `all` item prices of
 * that type, `none`, `specific` ones listed in `item_price_ids`, or `criteria` given in
 * `item_constraint_criteria` (each list given there — item families, currencies, item price
 * periods such as `1-year` — must hold the item price's value). Coupons of the older catalogue
 * say the same with `plan_constraint` and `plan_ids`.
 */

/** The coupon fields that decide where it applies (a subset of Chargebee's coupon resource). */
export interface CouponReach {
  item_constraints?:
    | readonly { item_type: string; constraint: string; item_price_ids?: readonly unknown[] }[]
    | undefined;
  item_constraint_criteria?:
    | readonly {
        item_type: string;
        currencies?: readonly unknown[] | undefined;
        item_family_ids?: readonly unknown[] | undefined;
        item_price_periods?: readonly unknown[] | undefined;
      }[]
    | undefined;
  plan_constraint?: string | undefined;
  plan_ids?: readonly unknown[] | undefined;
}

/** The item price a coupon is checked against (the fields Chargebee's item price carries). */
export interface PricedItem {
  id: string;
  item_type: 'plan' | 'addon' | 'charge';
  item_family_id?: string | undefined;
  period?: number | undefined;
  period_unit?: string | undefined;
  currency_code?: string | undefined;
}

/** Why a coupon does not go with an item price. */
export type CouponMismatch =
  /** Restricted to item prices billed for these periods (`1-month`, `12-month` …). */
  | { reason: 'period'; periods: string[] }
  /** Restricted to these item prices. */
  | { reason: 'specific'; itemPriceIds: string[] }
  /** Restricted to other item families or currencies, or to none of this type. */
  | { reason: 'other' };

const strings = (list: readonly unknown[] | undefined) =>
  (list ?? []).filter((value): value is string => typeof value === 'string');

/**
 * A billing period in one spelling, so `1-year` and `12-month` are the same period: years
 * count as twelve months; days and weeks stay as they are.
 */
export function normalPeriod(period: number, unit: string): string {
  return unit === 'year' ? `${period * 12}-month` : `${period}-${unit}`;
}

function parsePeriod(text: string): string | undefined {
  const match = /^(\d+)-(day|week|month|year)$/.exec(text.trim());
  return match ? normalPeriod(Number(match[1]), match[2] ?? '') : undefined;
}

/** Why `coupon` does not apply to `item`, or undefined when it does. */
export function couponMismatch(coupon: CouponReach, item: PricedItem): CouponMismatch | undefined {
  const constraint = coupon.item_constraints?.find((c) => c.item_type === item.item_type);
  if (!constraint) return legacyMismatch(coupon, item);
  switch (constraint.constraint) {
    case 'all':
      return undefined;
    case 'specific': {
      const ids = strings(constraint.item_price_ids);
      return ids.includes(item.id) ? undefined : { reason: 'specific', itemPriceIds: ids };
    }
    case 'criteria':
      return criteriaMismatch(coupon, item);
    default:
      return { reason: 'other' };
  }
}

function criteriaMismatch(coupon: CouponReach, item: PricedItem): CouponMismatch | undefined {
  const criteria = coupon.item_constraint_criteria?.find((c) => c.item_type === item.item_type);
  if (!criteria) return undefined;
  const families = strings(criteria.item_family_ids);
  if (families.length > 0 && (!item.item_family_id || !families.includes(item.item_family_id))) {
    return { reason: 'other' };
  }
  const currencies = strings(criteria.currencies);
  if (currencies.length > 0 && (!item.currency_code || !currencies.includes(item.currency_code))) {
    return { reason: 'other' };
  }
  const periods = strings(criteria.item_price_periods).map((p) => parsePeriod(p) ?? p);
  if (periods.length === 0) return undefined;
  const own = item.period_unit ? normalPeriod(item.period ?? 1, item.period_unit) : undefined;
  return own && periods.includes(own) ? undefined : { reason: 'period', periods };
}

/** Coupons of the older catalogue name plans only; with no constraint at all, any item goes. */
function legacyMismatch(coupon: CouponReach, item: PricedItem): CouponMismatch | undefined {
  if (item.item_type !== 'plan' || coupon.plan_constraint === undefined) return undefined;
  if (coupon.plan_constraint === 'all' || coupon.plan_constraint === 'not_applicable') {
    return undefined;
  }
  if (coupon.plan_constraint === 'specific') {
    const ids = strings(coupon.plan_ids);
    return ids.includes(item.id) ? undefined : { reason: 'specific', itemPriceIds: ids };
  }
  return { reason: 'other' };
}

/** The periods a mismatch names, as people say them: 'annual', 'monthly', or undefined. */
export function periodWord(periods: readonly string[]): 'annual' | 'monthly' | undefined {
  if (periods.length > 0 && periods.every((p) => p === '12-month')) return 'annual';
  if (periods.length > 0 && periods.every((p) => p === '1-month')) return 'monthly';
  return undefined;
}
