import type { ItemPrice } from 'chargebee';
import { describe, expect, it } from 'vitest';
import { customAddonsOf } from './custom-addons.ts';

const price = (overrides: Partial<ItemPrice>): ItemPrice =>
  ({
    id: 'extra-reports-monthly',
    name: 'Extra reports (monthly)',
    external_name: 'Extra reports',
    item_type: 'addon',
    status: 'active',
    period_unit: 'month',
    price: 1500,
    currency_code: 'USD',
    ...overrides,
  }) as ItemPrice;

describe('custom add-ons', () => {
  it('are the add-on prices whose metadata lists the team, and none without it', () => {
    const prices = [
      price({ metadata: { team_ids: ['team-a'] } }),
      price({
        id: 'yearly',
        period_unit: 'year',
        price: 15000,
        metadata: { team_ids: ['team-a', 'team-b'] },
      }),
      price({ id: 'others', metadata: { team_ids: ['team-b'] } }),
      price({ id: 'catalogue' }),
      price({ id: 'plan', item_type: 'plan', metadata: { team_ids: ['team-a'] } }),
      price({ id: 'archived', status: 'archived', metadata: { team_ids: ['team-a'] } }),
      price({ id: 'weekly', period_unit: 'week', metadata: { team_ids: ['team-a'] } }),
      price({ id: 'odd', metadata: { team_ids: 'team-a' } }),
    ];
    expect(customAddonsOf(prices, 'team-a')).toEqual([
      {
        id: 'extra-reports-monthly',
        name: 'Extra reports',
        period: 'month',
        price: 1500,
        currency: 'USD',
      },
      { id: 'yearly', name: 'Extra reports', period: 'year', price: 15000, currency: 'USD' },
    ]);
    expect(customAddonsOf(prices, 'team-c')).toEqual([]);
    expect(customAddonsOf([price({})], 'team-a')).toEqual([]);
  });
});
