import { describe, expect, it } from 'vitest';
import { couponMismatch, periodWord } from './coupon-applicability.ts';
import type { PricedItem } from './coupon-applicability.ts';

const monthly: PricedItem = {
  id: 'basic-plan',
  item_type: 'plan',
  item_family_id: 'megalytic',
  period: 1,
  period_unit: 'month',
  currency_code: 'USD',
};
const annual: PricedItem = { ...monthly, id: 'annual-plan', period_unit: 'year' };

describe('which plans a coupon goes with', () => {
  it('criteria by item price period: only plans billed for those periods', () => {
    const annualOnly = {
      item_constraints: [{ item_type: 'plan', constraint: 'criteria' }],
      item_constraint_criteria: [{ item_type: 'plan', item_price_periods: ['1-year'] }],
    };
    expect(couponMismatch(annualOnly, annual)).toBeUndefined();
    const refused = couponMismatch(annualOnly, monthly);
    expect(refused).toEqual({ reason: 'period', periods: ['12-month'] });
    expect(refused?.reason === 'period' && periodWord(refused.periods)).toBe('annual');
    // A year and twelve months are the same period, whichever way either side spells it.
    expect(couponMismatch(annualOnly, { ...monthly, period: 12 })).toBeUndefined();
  });

  it('criteria by family and currency: every list given must hold the plan’s value', () => {
    const ravenOnly = {
      item_constraints: [{ item_type: 'plan', constraint: 'criteria' }],
      item_constraint_criteria: [
        { item_type: 'plan', item_family_ids: ['raven'], currencies: ['USD'] },
      ],
    };
    expect(couponMismatch(ravenOnly, monthly)).toEqual({ reason: 'other' });
    expect(couponMismatch(ravenOnly, { ...monthly, item_family_id: 'raven' })).toBeUndefined();
    expect(
      couponMismatch(ravenOnly, { ...monthly, item_family_id: 'raven', currency_code: 'EUR' }),
    ).toEqual({ reason: 'other' });
  });

  it('specific item prices, all and none', () => {
    const specific = {
      item_constraints: [
        { item_type: 'plan', constraint: 'specific', item_price_ids: ['annual-plan'] },
      ],
    };
    expect(couponMismatch(specific, annual)).toBeUndefined();
    expect(couponMismatch(specific, monthly)).toEqual({
      reason: 'specific',
      itemPriceIds: ['annual-plan'],
    });
    const all = { item_constraints: [{ item_type: 'plan', constraint: 'all' }] };
    expect(couponMismatch(all, monthly)).toBeUndefined();
    const none = { item_constraints: [{ item_type: 'plan', constraint: 'none' }] };
    expect(couponMismatch(none, monthly)).toEqual({ reason: 'other' });
  });

  it('coupons of the older catalogue name their plans in plan_ids', () => {
    const legacy = { plan_constraint: 'specific', plan_ids: ['basic-plan'] };
    expect(couponMismatch(legacy, monthly)).toBeUndefined();
    expect(couponMismatch(legacy, annual)).toMatchObject({ reason: 'specific' });
    expect(couponMismatch({}, annual)).toBeUndefined();
  });
});
