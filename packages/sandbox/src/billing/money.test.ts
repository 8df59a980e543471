import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualFromMonthly,
  discountOf,
  divideHalfUp,
  invoiceTotals,
  mulDivHalfUp,
  prorate,
} from './money.ts';
import type { Discount } from './money.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const discount: fc.Arbitrary<Discount> = fc.oneof(
  fc
    .integer({ min: 0, max: 10_000 })
    .map((basisPoints) => ({ kind: 'percentage' as const, basisPoints })),
  fc
    .integer({ min: 0, max: 1_000_000 })
    .map((amount) => ({ kind: 'fixed_amount' as const, amount })),
);

describe('money math', () => {
  it('rounds half up, exactly', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(4, 2)).toBe(2);
    expect(divideHalfUp(7, 3)).toBe(2);
    expect(mulDivHalfUp(2999 * 12, 80, 100)).toBe(28790);
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 100_000_000 }), (n, d) => {
        const q = divideHalfUp(n, d);
        expect(Number.isInteger(q)).toBe(true);
        // q is the nearest integer, ties going up: |n/d − q| ≤ 1/2, and = 1/2 only below.
        expect(Math.abs(2 * n - 2 * q * d)).toBeLessThanOrEqual(d);
        if (2 * n - 2 * q * d === d) throw new Error('a tie rounded down');
      }),
    );
  });

  it('annual = 12 × monthly, × 0.8 for the v1 brands, in whole cents', () => {
    expect(annualFromMonthly(2999, false)).toBe(35988);
    expect(annualFromMonthly(2999, true)).toBe(28790);
    expect(annualFromMonthly(4999, true)).toBe(47990);
    expect(annualFromMonthly(300, true)).toBe(2880);
    fc.assert(
      fc.property(cents, (monthly) => {
        expect(annualFromMonthly(monthly, false)).toBe(12 * monthly);
        const v1 = annualFromMonthly(monthly, true);
        expect(Number.isInteger(v1)).toBe(true);
        // Within half a cent of the exact 9.6 × monthly, ties up.
        expect(Math.abs(10 * v1 - 96 * monthly)).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('a discount never takes more than the amount and never less than nothing', () => {
    fc.assert(
      fc.property(cents, discount, (amount, d) => {
        const off = discountOf(amount, d);
        expect(Number.isInteger(off)).toBe(true);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(amount);
      }),
    );
    expect(discountOf(2999, { kind: 'percentage', basisPoints: 1000 })).toBe(300);
    expect(discountOf(2999, { kind: 'percentage', basisPoints: 10_000 })).toBe(2999);
  });

  it('totals equal the lines minus discounts minus credit, whole cents, never negative', () => {
    fc.assert(
      fc.property(
        fc.array(cents, { maxLength: 10 }),
        fc.array(discount, { maxLength: 3 }),
        cents,
        (lines, discounts, credit) => {
          const t = invoiceTotals(lines, discounts, credit);
          const sum = lines.reduce((a, b) => a + b, 0);
          expect(t.subTotal).toBe(sum);
          expect(t.discountTotal).toBe(t.discountAmounts.reduce((a, b) => a + b, 0));
          expect(t.total).toBe(sum - t.discountTotal);
          expect(t.amountDue).toBe(t.total - t.creditsApplied);
          for (const value of [t.total, t.amountDue, t.creditsApplied, t.discountTotal]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(t.creditsApplied).toBeLessThanOrEqual(credit);
        },
      ),
    );
  });

  it('prorating gives a share between nothing and the whole, and the whole for the whole term', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 1, max: 400 * 86_400 }),
        fc.integer({ min: -1000, max: 500 * 86_400 }),
        (amount, term, remaining) => {
          const share = prorate(amount, remaining, term);
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(amount);
          expect(prorate(amount, term, term)).toBe(amount);
          expect(prorate(amount, 0, term)).toBe(0);
        },
      ),
    );
    // Half of a 30-day month of 2999 cents is 1499.5 → 1500.
    expect(prorate(2999, 15 * 86_400, 30 * 86_400)).toBe(1500);
  });
});
