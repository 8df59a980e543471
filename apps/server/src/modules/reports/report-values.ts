import { INVALID_FORMULA_MARKERS } from '@gds/contract';
import type { ReportValue } from './report-fetcher.ts';

const MARKERS: ReadonlySet<string> = new Set(INVALID_FORMULA_MARKERS);

/**
 * A provider's value as a report cell. Providers write "N/A", "masked" or a formula word where
 * a number is unknown; Looker Studio would read those as text or formulas, so they become null
 * here, the one place every fetcher's rows pass through. Empty strings and non-finite numbers
 * are unknowns too.
 */
export function cleanValue(value: unknown): ReportValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || MARKERS.has(trimmed) ? null : value;
  }
  return null;
}

/**
 * A provider's number, however sent: JSON numbers, int64 strings ("1234"), decimals, or
 * "12.5%" and "1,234" as CSV reports write them. Anything else is unknown (null).
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/,/g, '').replace(/%$/, '');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  return Number(text);
}

/** Money sent in millionths of the currency unit (Google Ads cost_micros, X's local_micro). */
export const fromMicros = (value: unknown): number | null => {
  const n = toNumber(value);
  return n === null ? null : n / 1_000_000;
};

/** A ratio (0.0123) as Looker Studio's PERCENT wants it: also a ratio, rounded for display. */
export const ratio = (numerator: number | null, denominator: number | null): number | null =>
  numerator === null || !denominator ? null : numerator / denominator;
