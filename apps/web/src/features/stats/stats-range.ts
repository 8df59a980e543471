import { dayIn } from '@gds/contract/days';

/** The date range the Stats screen shows: whole days in the browser's time zone. */
export interface StatsRange {
  from: string;
  to: string;
  timeZone: string;
}

export const RANGE_PRESETS = [
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
  { id: '365d', label: '12 months', days: 365 },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];

const DAY_MS = 86_400_000;

/** The browser's time zone (UTC when it cannot say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A calendar day moved by whole days (no time zone involved: days are names, not instants). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days up to and including today. */
export function presetRange(days: number, now: Date, timeZone: string): StatsRange {
  const to = dayIn(now, timeZone);
  return { from: addDays(to, -(days - 1)), to, timeZone };
}

/** Days in a range, both ends included. */
export function rangeLength(range: Pick<StatsRange, 'from' | 'to'>): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as people read it ("Nov 19, 2025"): the day named, whatever the zone. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
