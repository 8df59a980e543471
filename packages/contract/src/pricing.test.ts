import { describe, expect, it } from 'vitest';
import {
  annualPrice,
  billingAmount,
  formatBillingAmount,
  formatMediumDate,
  tierPrice,
} from './pricing.ts';

describe('annualPrice', () => {
  it('is twelve times the monthly price without the discount flag', () => {
    expect(annualPrice(2999, false)).toBe(35988);
  });
  it('takes 20 percent off with the discount flag', () => {
    expect(annualPrice(100, true)).toBe(960);
    expect(annualPrice(2999, true)).toBe(28790.4);
  });
});

describe('tierPrice', () => {
  it('is an empty string for a price of 0', () => {
    expect(tierPrice(0)).toBe('');
  });
  it('divides other prices by 100', () => {
    expect(tierPrice(2999)).toBe(29.99);
    expect(tierPrice(100)).toBe(1);
  });
});

describe('billing amounts and dates', () => {
  it('shows minor units divided by 100', () => {
    expect(billingAmount(35988)).toBe(359.88);
    expect(formatBillingAmount(35988)).toBe('$359.88');
  });
  it('formats dates in medium format', () => {
    expect(formatMediumDate('2026-11-21T10:00:00Z')).toBe('Nov 21, 2026');
  });
});
