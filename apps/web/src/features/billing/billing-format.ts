import { formatBillingAmount, formatMediumDate, isMonthlyPeriod, type Card } from '@gds/contract';

/** An amount in minor units as currency text in the answer's own currency ("$29.99"). */
export function money(minorUnits: number, currency: string): string {
  return formatBillingAmount(minorUnits, currency || 'USD');
}

/** A provider date in medium format ("Nov 21, 2026"); a dash when there is none. */
export function day(value: string | null | undefined): string {
  return value ? formatMediumDate(value) : '—';
}

/**
 * A price line's name without the quantity the provider may have put in it ("Extra Accounts
 * × 2"): the preview prints the quantity once, next to the unit price.
 */
export function lineName(description: string, quantity: number): string {
  return description.replace(new RegExp(`\\s*[×x]\\s*${quantity}$`), '') || description;
}

/** "month" / "year" as a sentence ends: "every month". */
export function periodNoun(period: string): string {
  return isMonthlyPeriod(period) ? 'month' : 'year';
}

/** "Billed monthly" / "Billed annually". */
export function billedLabel(period: string): string {
  return isMonthlyPeriod(period) ? 'Billed monthly' : 'Billed annually';
}

/** "4 accounts", "1 user". */
export function count(value: number, one: string, many = `${one}s`): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}

/** A card's expiry as printed on it, "04/28". */
export function cardExpiry(card: Card): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
}

/** A card stops working after the last day of its expiry month. */
export function isCardExpired(card: Card, now = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return card.expiryYear < year || (card.expiryYear === year && card.expiryMonth < month);
}

/** Card brands arrive in the provider's lower-case words ("visa", "american_express"). */
export function cardBrand(brand: string): string {
  const known: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    american_express: 'American Express',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners_club: 'Diners Club',
  };
  const key = brand.toLowerCase();
  return (
    known[key] ??
    (brand ? brand.charAt(0).toUpperCase() + brand.slice(1).replace(/_/g, ' ') : 'Card')
  );
}

/** A provider time as a day and a clock time ("Nov 21, 2026, 3:05 PM"); a dash when none. */
export function dayAndTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${day(value)}, ${time}`;
}
