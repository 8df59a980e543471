import type { BillingDiscount, BillingLine } from './billing-tables.ts';
import type { ItemPrice } from './catalogue.ts';
import { couponDiscount } from './coupons.ts';
import type { CouponRule } from './coupons.ts';
import { invoiceTotals, lineAmount, prorate } from './money.ts';
import type { InvoiceTotals } from './money.ts';
import type { ResolvedItems } from './subscription-items.ts';

/** An invoice (or an estimate of one) before it is numbered: lines, discounts and totals. */
export interface DraftInvoice extends InvoiceTotals {
  date: number;
  lines: BillingLine[];
  discounts: BillingDiscount[];
}

export interface Period {
  from: number;
  to: number;
  /** Bill only the share `remaining / term` of each line (a change within a term). */
  share?: { remaining: number; term: number };
}

/** The lines billing `resolved` for `period`, prorated when the period is a share of a term. */
export function chargeLines(
  ids: { customerId: string; subscriptionId: string },
  resolved: ResolvedItems,
  period: Period,
): BillingLine[] {
  return resolved.items.map((item, index) => {
    const full = lineAmount(item.price.price, item.quantity);
    const amount = period.share ? prorate(full, period.share.remaining, period.share.term) : full;
    return {
      id: `li_${ids.subscriptionId}_${period.from}_${index}`,
      date_from: period.from,
      date_to: period.to,
      unit_amount: item.price.price,
      quantity: item.quantity,
      amount,
      pricing_model: item.price.pricing_model,
      is_taxed: false,
      description: describe(item.price, item.quantity),
      entity_type: item.price.item_type === 'plan' ? 'plan_item_price' : 'addon_item_price',
      entity_id: item.item_price_id,
      subscription_id: ids.subscriptionId,
      customer_id: ids.customerId,
    };
  });
}

function describe(price: ItemPrice, quantity: number): string {
  return price.pricing_model === 'per_unit'
    ? `${price.external_name} × ${quantity}`
    : price.external_name;
}

/** Lines plus the coupons that apply, totalled; `credit` is taken off what remains. */
export function draftInvoice(
  date: number,
  lines: BillingLine[],
  coupons: readonly CouponRule[],
  plan: ItemPrice,
  credit = 0,
): DraftInvoice {
  const totals = invoiceTotals(
    lines.map((line) => line.amount),
    coupons.map((coupon) => couponDiscount(coupon, plan)),
    credit,
  );
  const discounts: BillingDiscount[] = coupons
    .map((coupon, index) => ({
      amount: totals.discountAmounts[index] ?? 0,
      description: coupon.name,
      entity_type: 'document_level_coupon' as const,
      discount_type: coupon.discount_type,
      entity_id: coupon.id,
    }))
    .filter((discount) => discount.amount > 0);
  const { discountAmounts: _amounts, ...rest } = totals;
  return { date, lines, discounts, ...rest };
}

/** An invoice estimate in Chargebee's shape. */
export function invoiceEstimate(draft: DraftInvoice, customerId: string) {
  return {
    recurring: true,
    price_type: 'tax_exclusive',
    currency_code: 'USD',
    customer_id: customerId,
    sub_total: draft.subTotal,
    total: draft.total,
    credits_applied: draft.creditsApplied,
    amount_paid: 0,
    amount_due: draft.amountDue,
    line_items: draft.lines,
    discounts: draft.discounts,
    taxes: [],
    line_item_discounts: [],
    object: 'invoice_estimate',
  };
}
