import { V1_ANNUAL_DISCOUNT } from '@gds/contract';

/**
 * The sandbox's money math: integer cents in, integer cents out. Every division rounds half
 * up explicitly (on BigInt, so no product of amount and seconds can lose precision), never
 * through floating point, so a total cannot drift by a fraction of a cent.
 */

/** `numerator / denominator` rounded half up; both non-negative, denominator positive. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('divideHalfUp takes safe integers');
  }
  if (numerator < 0 || denominator <= 0) throw new RangeError('divideHalfUp: out of range');
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/** `a × b / c` rounded half up, with the product kept exact. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c <= 0) throw new RangeError('mulDivHalfUp: out of range');
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** The v1 brands' annual rule: twelve months less the contract's annual discount (20 percent). */
const V1_ANNUAL_PERCENT = Math.round((1 - V1_ANNUAL_DISCOUNT) * 100);

/** A yearly price from a monthly one: 12 × monthly, less the discount for the v1 brands (half up). */
export function annualFromMonthly(monthly: number, v1Brand: boolean): number {
  const yearly = monthly * 12;
  return v1Brand ? mulDivHalfUp(yearly, V1_ANNUAL_PERCENT, 100) : yearly;
}

/** A line's amount: unit price times quantity (flat fees have quantity 1). */
export function lineAmount(unitPrice: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError('bad quantity');
  return unitPrice * quantity;
}

/** A discount taken from `amount`: a percentage (in hundredths of a percent) or fixed cents. */
export type Discount =
  { kind: 'percentage'; basisPoints: number } | { kind: 'fixed_amount'; amount: number };

/** What a discount takes off `amount`: never more than the amount itself. */
export function discountOf(amount: number, discount: Discount): number {
  const off =
    discount.kind === 'percentage'
      ? mulDivHalfUp(amount, discount.basisPoints, 10_000)
      : discount.amount;
  return Math.min(amount, Math.max(0, off));
}

/**
 * The part of `amount` that covers `remaining` of `term` seconds (half up). Remaining time is
 * clamped to the term, so the share is never negative and never more than the whole.
 */
export function prorate(amount: number, remaining: number, term: number): number {
  if (term <= 0) return 0;
  const clamped = Math.min(Math.max(remaining, 0), term);
  return mulDivHalfUp(amount, clamped, term);
}

export interface InvoiceTotals {
  subTotal: number;
  discountTotal: number;
  total: number;
  creditsApplied: number;
  amountDue: number;
}

/**
 * An invoice's totals: the lines' sum, less the discounts applied one after another (each on
 * what is left), less credit up to what remains. Nothing goes below zero.
 */
export function invoiceTotals(
  lineAmounts: readonly number[],
  discounts: readonly Discount[],
  credit = 0,
): InvoiceTotals & { discountAmounts: number[] } {
  const subTotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  let remaining = subTotal;
  const discountAmounts = discounts.map((discount) => {
    const off = discountOf(remaining, discount);
    remaining -= off;
    return off;
  });
  const discountTotal = subTotal - remaining;
  const creditsApplied = Math.min(Math.max(credit, 0), remaining);
  return {
    subTotal,
    discountTotal,
    total: remaining,
    creditsApplied,
    amountDue: remaining - creditsApplied,
    discountAmounts,
  };
}
