import { findItemPrice } from './catalogue.ts';
import type { ItemPrice } from './catalogue.ts';
import { invalidRequest, resourceNotFound } from './chargebee-wire.ts';
import type { SubscriptionItem } from './billing-tables.ts';
import { couponRefusal, findCoupon } from './coupons.ts';
import type { CouponRule } from './coupons.ts';

/** Items checked against the catalogue: exactly one plan, add-ons of its family and period. */
export interface ResolvedItems {
  plan: ItemPrice;
  items: Array<SubscriptionItem & { price: ItemPrice }>;
}

const param = (key: string, index: number) => `subscription_items[${key}][${index}]`;

/** Checks requested items as Chargebee would, answering its errors for bad ones. */
export function resolveItems(
  requested: ReadonlyArray<{ item_price_id?: string; quantity?: string }>,
): ResolvedItems {
  if (requested.length === 0) {
    throw invalidRequest('subscription_items: choose a plan.', param('item_price_id', 0));
  }
  const items = requested.map((row, index) => {
    const id = row.item_price_id ?? '';
    const price = findItemPrice(id);
    if (!price) {
      throw resourceNotFound(
        `The item price ${id || '(none)'} is not in the catalogue.`,
        param('item_price_id', index),
      );
    }
    const quantity = row.quantity === undefined || row.quantity === '' ? 1 : Number(row.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
      throw invalidRequest(
        'quantity must be a whole number of at least 1.',
        param('quantity', index),
      );
    }
    if (price.pricing_model === 'flat_fee' && quantity !== 1) {
      throw invalidRequest(`${id} is a flat fee: its quantity is 1.`, param('quantity', index));
    }
    return { item_price_id: id, quantity, price, index };
  });
  const plans = items.filter((item) => item.price.item_type === 'plan');
  const [plan] = plans;
  if (!plan || plans.length > 1) {
    throw invalidRequest(
      'subscription_items must hold exactly one plan.',
      param('item_price_id', 0),
    );
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.item_price_id)) {
      throw invalidRequest(
        `${item.item_price_id} is listed twice.`,
        param('item_price_id', item.index),
      );
    }
    seen.add(item.item_price_id);
    if (item.price.item_family_id !== plan.price.item_family_id) {
      throw invalidRequest(
        `${item.item_price_id} is not sold with ${plan.item_price_id}.`,
        param('item_price_id', item.index),
      );
    }
    if (item.price.period_unit !== plan.price.period_unit) {
      throw invalidRequest(
        `${item.item_price_id} is billed per ${item.price.period_unit}, the plan per ${plan.price.period_unit}.`,
        param('item_price_id', item.index),
      );
    }
  }
  // The plan first, as Chargebee lists a subscription's items.
  const ordered = [plan, ...items.filter((item) => item !== plan)];
  return {
    plan: plan.price,
    items: ordered.map(({ item_price_id, quantity, price }) => ({
      item_price_id,
      quantity,
      price,
    })),
  };
}

/** Items stored on a subscription, read back against the catalogue. */
export function storedItems(items: readonly SubscriptionItem[]): ResolvedItems {
  return resolveItems(items.map((item) => ({ ...item, quantity: String(item.quantity) })));
}

/** Checks the coupon ids of a request against the plan: unknown → 404, not for it → 400. */
export function resolveCoupons(ids: readonly string[], plan: ItemPrice): CouponRule[] {
  return ids.map((id, index) => {
    const coupon = findCoupon(id);
    const name = `coupon_ids[${index}]`;
    if (!coupon) throw resourceNotFound(`The coupon ${id} does not exist.`, name);
    const refusal = couponRefusal(coupon, plan);
    if (refusal) throw invalidRequest(refusal, name);
    return coupon;
  });
}
