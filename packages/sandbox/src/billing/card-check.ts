import type { CardOnFile } from './billing-tables.ts';

/** What the sandbox's test gateway does with a card number. */
export type CardOutcome = 'success' | 'declined' | 'confirm';

/** Chargebee's documented test-gateway cards, as the hosted page lists them. */
export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: CardOutcome; label: string }> = [
  { number: '4111 1111 1111 1111', outcome: 'success', label: 'Payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined', label: 'Card is declined' },
  { number: '4000 0000 0000 3220', outcome: 'confirm', label: 'Asks to confirm, then succeeds' },
];

const OUTCOMES = new Map(TEST_CARDS.map((card) => [card.number.replace(/ /g, ''), card.outcome]));

export interface CardForm {
  name?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
}

export type CardCheck =
  | { ok: true; card: CardOnFile; outcome: CardOutcome }
  | { ok: false; field: keyof CardForm; message: string };

/** Luhn's checksum, which every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'american_express';
  if (digits.startsWith('6')) return 'discover';
  return 'other';
}

/**
 * Checks a card form as a payment page would and keeps only what may be stored: brand, last
 * four digits, expiry and name (the number itself goes no further than this function).
 */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const name = (form.name ?? '').trim();
  if (!name || name.length > 100) {
    return { ok: false, field: 'name', message: 'Enter the name on the card.' };
  }
  const digits = (form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
    return { ok: false, field: 'number', message: 'Enter a valid card number.' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, field: 'expiry', message: 'Enter the expiry date as MM/YY.' };
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) {
    return { ok: false, field: 'expiry', message: 'This card has expired. Use another card.' };
  }
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) {
    return { ok: false, field: 'cvc', message: 'Enter the 3 or 4 digit security code (CVC).' };
  }
  const outcome = OUTCOMES.get(digits);
  if (!outcome) {
    return {
      ok: false,
      field: 'number',
      message:
        'This sandbox takes only the test cards listed on this page. No real card is ever charged.',
    };
  }
  return {
    ok: true,
    outcome,
    card: {
      brand: brandOf(digits),
      last4: digits.slice(-4),
      name_on_card: name,
      expiry_month: month,
      expiry_year: year,
    },
  };
}
