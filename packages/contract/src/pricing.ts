/** Pricing helpers. Amounts from the billing provider are minor units (cents). */

export const ANNUAL_DISCOUNT_MULTIPLIER = 0.8;

/** Twelve times the monthly price, less 20 percent when the discount flag is set. */
export function annualPrice(monthlyPrice: number, applyDiscount: boolean): number {
  const yearly = monthlyPrice * 12;
  return applyDiscount ? Math.round(yearly * ANNUAL_DISCOUNT_MULTIPLIER * 100) / 100 : yearly;
}

/** Tier pricing: an empty string for a price of 0, otherwise the price divided by 100. */
export function tierPrice(price: number): string | number {
  return price === 0 ? '' : price / 100;
}

/** A billing amount in minor units shown in major units. */
export function billingAmount(minorUnits: number): number {
  return minorUnits / 100;
}

/** Billing amounts as currency text, e.g. 2999 → "$29.99". */
export function formatBillingAmount(
  minorUnits: number,
  currency = 'USD',
  locale = 'en-US',
): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    billingAmount(minorUnits),
  );
}

// Building a formatter costs more than formatting: keep one per locale (long lists of dates).
const mediumDateFormats = new Map<string, Intl.DateTimeFormat>();

/** Dates in medium format, e.g. "Nov 21, 2026". */
export function formatMediumDate(value: string | number | Date, locale = 'en-US'): string {
  let format = mediumDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    mediumDateFormats.set(locale, format);
  }
  return format.format(value instanceof Date ? value : new Date(value));
}
