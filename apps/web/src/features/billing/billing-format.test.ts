import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpiry, count, isCardExpired, lineName, money } from './billing-format.ts';

describe('billing format', () => {
  it('shows minor units in the answer currency', () => {
    expect(money(2999, 'USD')).toBe('$29.99');
    expect(money(-500, 'USD')).toBe('-$5.00');
    expect(money(100, 'EUR')).toBe('€1.00');
  });

  it('prints a card as it reads on the card', () => {
    const card = { brand: 'american_express', last4: '0005', expiryMonth: 4, expiryYear: 2028 };
    expect(cardExpiry(card)).toBe('04/28');
    expect(cardBrand(card.brand)).toBe('American Express');
    expect(cardBrand('some_new_brand')).toBe('Some new brand');
  });

  it('treats a card as expired only after its expiry month', () => {
    const card = { brand: 'visa', last4: '1111', expiryMonth: 11, expiryYear: 2026 };
    expect(isCardExpired(card, new Date(2026, 10, 30))).toBe(false);
    expect(isCardExpired(card, new Date(2026, 11, 1))).toBe(true);
  });

  it('names a price line without the quantity the provider put in it', () => {
    expect(lineName('Extra Accounts × 2', 2)).toBe('Extra Accounts');
    expect(lineName('Extra Accounts x 12', 12)).toBe('Extra Accounts');
    expect(lineName('Pack × 3', 2)).toBe('Pack × 3');
    expect(lineName('Basic plan', 1)).toBe('Basic plan');
  });

  it('counts in words', () => {
    expect(count(1, 'account')).toBe('1 account');
    expect(count(1200, 'user')).toBe('1,200 users');
  });
});
