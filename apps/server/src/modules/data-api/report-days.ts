/** Report dates as YYYY-MM-DD text, computed in UTC (no time zone shifts a day). */

const DAY_MS = 24 * 60 * 60 * 1000;

const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether the text is a real calendar date (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && toDay(date) === text;
}

export function yesterday(now: Date): string {
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
