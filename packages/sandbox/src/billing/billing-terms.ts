import type { Clock } from '../host/sandbox-host.ts';
import type { PeriodUnit } from './catalogue.ts';

/** Time as Chargebee answers it: epoch seconds, terms of whole calendar months. */

export const epochOf = (clock: Clock): number => Math.floor(clock().getTime() / 1000);

/**
 * `months` calendar months after `epoch` (UTC), on the same day, or the month's last day when
 * it has no such day (Jan 31 → Feb 28), as billing terms run.
 */
export function addMonths(epoch: number, months: number): number {
  const date = new Date(epoch * 1000);
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The end of a one-period term starting at `start`. */
export const termEnd = (start: number, unit: PeriodUnit): number =>
  addMonths(start, unit === 'year' ? 12 : 1);
