import { describe, expect, it } from 'vitest';
import {
  ChargebeeError,
  indexedList,
  invalidRequest,
  listAnswer,
  listOf,
  pageOf,
} from './chargebee-wire.ts';

describe('Chargebee’s wire format', () => {
  it('reads bracket-encoded lists as the official client sends them', () => {
    const form = {
      'subscription_items[item_price_id][0]': 'basic-plan',
      'subscription_items[item_price_id][1]': 'accounts-monthly',
      'subscription_items[quantity][1]': '5',
      'coupon_ids[0]': 'GDS-PROMO',
      'customer[email]': 'a@example.com',
    };
    expect(indexedList(form, 'subscription_items', ['item_price_id', 'quantity'])).toEqual([
      { item_price_id: 'basic-plan' },
      { item_price_id: 'accounts-monthly', quantity: '5' },
    ]);
    expect(listOf(form, 'coupon_ids')).toEqual(['GDS-PROMO']);
    expect(listOf(form, 'missing')).toEqual([]);
  });

  it('answers errors in Chargebee’s shape, current and legacy fields both', () => {
    expect(invalidRequest('Nope.', 'coupon_ids[0]').body()).toEqual({
      message: 'Nope.',
      type: 'invalid_request',
      api_error_code: 'invalid_request',
      param: 'coupon_ids[0]',
      error_code: 'invalid_request',
      error_msg: 'Nope.',
      error_param: 'coupon_ids[0]',
      http_status_code: 400,
    });
  });

  it('pages lists with limit, offset and next_offset', () => {
    const page = pageOf({ limit: '2', offset: '4' });
    expect(page).toEqual({ limit: 2, offset: 4 });
    expect(listAnswer([1, 2, 3], page, 'n')).toEqual({
      list: [{ n: 1 }, { n: 2 }],
      next_offset: '6',
    });
    expect(listAnswer([1], page, 'n')).toEqual({ list: [{ n: 1 }] });
    expect(() => pageOf({ limit: '101' })).toThrow(ChargebeeError);
    expect(() => pageOf({ offset: 'x' })).toThrow(ChargebeeError);
  });
});
