import { useSyncExternalStore } from 'react';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Built once: a formatter per row costs more than the row when long lists render.
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "3 hours ago", "in 5 days", "just now". */
export function timeFromNow(value: string, now: number): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** Full date and time, e.g. "Nov 21, 2026, 3:04 PM". */
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}

/**
 * One clock for every relative time on screen, ticking while any is shown, so "just now"
 * becomes "2 minutes ago" on a page left open without each row keeping its own timer.
 */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

/** The shared clock's time (ms), kept current while the component shows. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow);
}

interface RelativeTimeProps {
  /** An ISO timestamp; null shows `fallback`. */
  value: string | null;
  fallback?: string;
  className?: string;
  testId?: string;
}

/**
 * A time as people scan it in a list ("2 days ago"), with the exact date and time on hover
 * and in the machine-readable dateTime attribute.
 */
export function RelativeTime({ value, fallback = 'Never', className, testId }: RelativeTimeProps) {
  const current = useNow();
  if (!value) {
    return (
      <span className={className} data-testid={testId}>
        {fallback}
      </span>
    );
  }
  const exact = formatDateTime(value);
  return (
    <time dateTime={value} title={exact} className={className} data-testid={testId}>
      {timeFromNow(value, current)}
    </time>
  );
}
