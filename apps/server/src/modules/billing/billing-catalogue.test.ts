import { describe, expect, it } from 'vitest';
import { BUSINESS_UNITS } from '@gds/contract';
import { connectorAddonsOf, itemsFor, parsePriceId, planPriceId } from './billing-catalogue.ts';

describe('the catalogue mapping', () => {
  it('charges only the units above what the plan includes, per skin', () => {
    expect(itemsFor('RAVEN_GDS', { period: 'year', accounts: 20, users: 3, addons: [] })).toEqual([
      { item_price_id: 'raven-v1-annual-plan', quantity: 1 },
    ]);
    expect(
      itemsFor('TAPCLICKS_GDS', { period: 'month', accounts: 40, users: 2, addons: [] }),
    ).toEqual([
      { item_price_id: 'tapclicks-v1-basic-plan', quantity: 1 },
      { item_price_id: 'tapclicks-v1-accounts-monthly', quantity: 5 },
      { item_price_id: 'tapclicks-v1-team-users-monthly', quantity: 1 },
    ]);
    // Fewer than included is still the plan, never a negative quantity.
    expect(
      itemsFor('MEGALYTIC_GDS', { period: 'month', accounts: 1, users: 1, addons: [] }),
    ).toEqual([{ item_price_id: 'basic-plan', quantity: 1 }]);
  });

  it('reads back every item price it asks for, in every skin and period', () => {
    for (const unit of BUSINESS_UNITS) {
      for (const period of ['month', 'year'] as const) {
        expect(parsePriceId(unit, planPriceId(unit, period))).toEqual({ kind: 'plan', period });
        const items = itemsFor(unit, {
          period,
          accounts: 100,
          users: 10,
          addons: connectorAddonsOf(unit),
        });
        for (const item of items.slice(1)) {
          expect(parsePriceId(unit, item.item_price_id)).toMatchObject({ kind: 'addon', period });
        }
      }
    }
    // Another skin's price is not this skin's.
    expect(parsePriceId('RAVEN_GDS', 'accounts-monthly')).toBeUndefined();
  });

  it('refuses connector add-ons a skin does not sell', () => {
    expect(() =>
      itemsFor('RAVEN_GDS', { period: 'month', accounts: 20, users: 3, addons: ['facebook-ads'] }),
    ).toThrow(/not an add-on of this plan/);
  });
});
