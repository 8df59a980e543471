import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './billing-tables.ts';
import { addMonths, termEnd } from './billing-terms.ts';
import { ITEM_PRICES, findItemPrice } from './catalogue.ts';
import { COUPON_RULES, couponRefusal } from './coupons.ts';
import { resolveItems } from './subscription-items.ts';
import { priceChange } from './subscription-pricing.ts';

const START = Date.UTC(2026, 0, 31, 12) / 1000;

/** A paid, live monthly or annual subscription on the Megalytic family. */
function subscription(unit: 'month' | 'year', items: SubscriptionRow['items']): SubscriptionRow {
  return {
    id: 'team-1',
    customer_id: 'team-1',
    status: 'active',
    items,
    coupons: [],
    billing_period_unit: unit,
    current_term_start: START,
    current_term_end: termEnd(START, unit),
    trial_end: null,
    cancelled_at: null,
    created_at: START,
    updated_at: START,
    resource_version: 1,
  };
}

const asRequest = (items: SubscriptionRow['items']) =>
  items.map((item) => ({ item_price_id: item.item_price_id, quantity: String(item.quantity) }));

const monthlyItems = fc.record({
  accounts: fc.integer({ min: 0, max: 80 }),
  users: fc.integer({ min: 0, max: 5 }),
  facebook: fc.boolean(),
});

/** The coupons sold with monthly plans, or none. */
const monthlyCoupon = fc.constantFrom(
  undefined,
  ...COUPON_RULES.filter((coupon) => coupon.period !== 'year').map((coupon) => coupon.id),
);

function itemsOf(choice: { accounts: number; users: number; facebook: boolean }) {
  return [
    { item_price_id: 'basic-plan', quantity: 1 },
    ...(choice.accounts > 0
      ? [{ item_price_id: 'accounts-monthly', quantity: choice.accounts }]
      : []),
    ...(choice.users > 0 ? [{ item_price_id: 'team-users-monthly', quantity: choice.users }] : []),
    ...(choice.facebook ? [{ item_price_id: 'facebook-ads-monthly', quantity: 1 }] : []),
  ];
}

describe('pricing a subscription change', () => {
  it('a change to the same items prorates to nothing due, at any moment of the term', () => {
    fc.assert(
      fc.property(
        monthlyItems,
        monthlyCoupon,
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (choice, couponId, at) => {
          const items = itemsOf(choice);
          const current = {
            ...subscription('month', items),
            coupons: couponId
              ? [{ coupon_id: couponId, apply_till: addMonths(START, 2), applied_count: 1 }]
              : [],
          };
          const now = START + Math.floor((current.current_term_end - START) * at);
          const priced = priceChange({
            customerId: 'team-1',
            subscriptionId: 'team-1',
            current,
            resolved: resolveItems(asRequest(items)),
            coupons: undefined,
            now,
          });
          expect(priced.invoice.amountDue).toBe(0);
          expect(priced.planned.newTerm).toBe(false);
        },
      ),
    );
  });

  it('more accounts mid-term cost the new items for the rest of the term less the unused old ones', () => {
    const current = subscription('month', itemsOf({ accounts: 0, users: 0, facebook: false }));
    const term = current.current_term_end - START;
    const now = START + Math.floor(term / 2);
    const priced = priceChange({
      customerId: 'team-1',
      subscriptionId: 'team-1',
      current,
      resolved: resolveItems(asRequest(itemsOf({ accounts: 10, users: 0, facebook: false }))),
      coupons: undefined,
      now,
    });
    const remaining = current.current_term_end - now;
    const share = (amount: number) => Math.floor((2 * amount * remaining + term) / (2 * term));
    expect(priced.invoice.amountDue).toBe(share(2999) + share(3000) - share(2999));
    expect(priced.invoice.lines.every((line) => line.date_to === current.current_term_end)).toBe(
      true,
    );
  });

  it('a new subscription bills the whole first term from now, the next invoice a term later', () => {
    const priced = priceChange({
      customerId: 't',
      subscriptionId: 't',
      current: undefined,
      resolved: resolveItems([
        { item_price_id: 'raven-v1-annual-plan' },
        { item_price_id: 'raven-v1-accounts-annual', quantity: '5' },
      ]),
      coupons: [],
      now: START,
    });
    expect(priced.invoice.amountDue).toBe(28790 + 5 * 2880);
    expect(priced.planned.termEnd).toBe(addMonths(START, 12));
    expect(priced.next.date).toBe(priced.planned.termEnd);
  });

  it('a coupon goes only with the plan periods it is sold for', () => {
    const plans = ITEM_PRICES.filter((price) => price.item_type === 'plan');
    for (const coupon of COUPON_RULES) {
      for (const plan of plans) {
        const refused = couponRefusal(coupon, plan) !== undefined;
        expect(refused).toBe(coupon.period !== undefined && coupon.period !== plan.period_unit);
      }
    }
    const annual = findItemPrice('annual-plan');
    expect(
      annual &&
        couponRefusal(
          COUPON_RULES.find((c) => c.id === '50-OFF-MONTHLY')!,
          annual,
        ),
    ).toMatch(/monthly plans only/);
  });

  it('terms run whole calendar months, the last day when a month is shorter', () => {
    expect(new Date(addMonths(START, 1) * 1000).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(addMonths(START, 12) * 1000).toISOString()).toBe('2027-01-31T12:00:00.000Z');
  });
});
