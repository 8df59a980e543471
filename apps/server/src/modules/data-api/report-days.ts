import { dayIn } from '@gds/contract/days';

/** Report dates as YYYY-MM-DD text, computed in UTC (no time zone shifts a day) unless named. */

const DAY_MS = 24 * 60 * 60 * 1000;

const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether the text is a real calendar date (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && toDay(date) === text;
}

/**
 * The day before today, in `timeZone` when given (an account reports in its own zone: in
 * Auckland a day ends half a day before it ends in UTC); in UTC otherwise, or when the zone is
 * not one this runtime knows.
 */
export function yesterday(now: Date, timeZone?: string): string {
  if (timeZone) {
    try {
      const today = dayIn(now, timeZone);
      if (isDay(today)) return addDays(today, -1);
    } catch {
      // An unknown zone: the day is counted in UTC.
    }
  }
  return toDay(new Date(now.getTime() - DAY_MS));
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));
}

/** Whole days from `start` to `end` (0 on the same day, negative when end comes first). */
export function daysBetween(start: string, end: string): number {
  return Math.round(
    (new Date(`${end}T00:00:00Z`).getTime() - new Date(`${start}T00:00:00Z`).getTime()) / DAY_MS,
  );
}
