import { ReportError } from './report-fetcher.ts';

/** Report days are calendar dates (YYYY-MM-DD) in the account's time zone: no clock times. */
const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date as UTC midnight, or undefined when it is not a real YYYY-MM-DD date. */
export function parseDay(day: string): Date | undefined {
  const match = ISO_DAY.exec(day);
  if (!match) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : date;
}

export const formatDay = (date: Date): string => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string =>
  formatDay(new Date((parseDay(day)?.getTime() ?? 0) + days * DAY_MS));

/** Days from start to end, both included. */
export function daysIn(range: { start: string; end: string }): number {
  const start = parseDay(range.start)?.getTime() ?? 0;
  const end = parseDay(range.end)?.getTime() ?? 0;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** { year, month, day } as numbers, the shape LinkedIn, Microsoft and Google's Date use. */
export function dayParts(day: string) {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return { year, month, day: date };
}

/** A { year, month, day } back to YYYY-MM-DD (undefined when a part is missing). */
export function dayFromParts(parts: unknown): string | undefined {
  if (typeof parts !== 'object' || parts === null) return undefined;
  const { year, month, day } = parts as Record<string, unknown>;
  if (typeof year !== 'number' || typeof month !== 'number' || typeof day !== 'number') {
    return undefined;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Checks a request's range: real dates, in order, no longer than the provider answers. */
export function checkRange(
  connectorName: string,
  range: { start: string; end: string },
  maxDays: number,
): void {
  const start = parseDay(range.start);
  const end = parseDay(range.end);
  if (!start || !end) {
    throw new ReportError(
      'invalid_request',
      `The date range ${range.start} to ${range.end} is not valid: use dates as YYYY-MM-DD.`,
    );
  }
  if (start > end) {
    throw new ReportError(
      'invalid_request',
      `The date range starts (${range.start}) after it ends (${range.end}). Swap the dates.`,
    );
  }
  if (daysIn(range) > maxDays) {
    throw new ReportError(
      'invalid_request',
      `${connectorName} answers at most ${maxDays} days in one report; this range has ${daysIn(range)}. Pick a shorter range.`,
    );
  }
}

/** The range cut into consecutive windows of at most `days` (providers that cap one call). */
export function windows(range: { start: string; end: string }, days: number) {
  const out: Array<{ start: string; end: string }> = [];
  for (let start = range.start; start <= range.end; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    out.push({ start, end: end < range.end ? end : range.end });
  }
  return out;
}

/** Seconds since the epoch at the start of the day (UTC), as Stripe and Etsy filter by. */
export const unixStart = (day: string) => Math.floor((parseDay(day)?.getTime() ?? 0) / 1000);
