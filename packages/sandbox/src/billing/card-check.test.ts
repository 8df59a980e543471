import { describe, expect, it } from 'vitest';
import { checkCard } from './card-check.ts';

const NOW = new Date('2026-06-15T00:00:00Z');
const good = { name: 'Pat Payer', number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' };

describe('the hosted page’s card check', () => {
  it('plays the test gateway’s cards and keeps only brand, last four, expiry and name', () => {
    const paid = checkCard(good, NOW);
    expect(paid).toEqual({
      ok: true,
      outcome: 'success',
      card: {
        brand: 'visa',
        last4: '1111',
        name_on_card: 'Pat Payer',
        expiry_month: 12,
        expiry_year: 2030,
      },
    });
    expect(JSON.stringify(paid)).not.toContain('4111111111111111');
    expect(checkCard({ ...good, number: '4000000000000002' }, NOW)).toMatchObject({
      outcome: 'declined',
    });
    expect(checkCard({ ...good, number: '4000-0000-0000-3220' }, NOW)).toMatchObject({
      outcome: 'confirm',
    });
  });

  it('names the field at fault, with what to do', () => {
    expect(checkCard({ ...good, name: ' ' }, NOW)).toMatchObject({ ok: false, field: 'name' });
    expect(checkCard({ ...good, number: '4111 1111 1111 1112' }, NOW)).toMatchObject({
      field: 'number',
      message: 'Enter a valid card number.',
    });
    expect(checkCard({ ...good, expiry: '13/30' }, NOW)).toMatchObject({ field: 'expiry' });
    expect(checkCard({ ...good, expiry: '05/26' }, NOW)).toMatchObject({
      field: 'expiry',
      message: 'This card has expired. Use another card.',
    });
    expect(checkCard({ ...good, expiry: '06/26' }, NOW)).toMatchObject({ ok: true });
    expect(checkCard({ ...good, cvc: '12' }, NOW)).toMatchObject({ field: 'cvc' });
    // A real, valid card number is refused: the sandbox never pretends to charge one.
    const real = checkCard({ ...good, number: '5555 5555 5555 4444' }, NOW);
    expect(real).toMatchObject({ ok: false, field: 'number' });
    expect(real.ok ? '' : real.message).toMatch(/test cards/);
  });
});
