import type { AccountStatus } from '@gds/contract';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export const STATUS_LABELS: Record<AccountStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  error: 'Error',
  deleted: 'Deleted',
};

export const STATUS_TONES: Record<AccountStatus, Tone> = {
  connected: 'success',
  needs_reconnect: 'warning',
  error: 'danger',
  deleted: 'neutral',
};

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 hours ago", "in 12 days", "just now": for refresh times and purge dates. */
export function timeFromNow(value: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

// Built once: building a formatter per row costs more than the row when thousands render.
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Full date and time for a tooltip, e.g. "Nov 21, 2026, 3:04 PM". */
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}

/** Who did something: their name, else their email, else "Someone". */
export function personLabel(person: { name: string; email: string } | null): string {
  return person?.name.trim() || person?.email || 'Someone';
}
