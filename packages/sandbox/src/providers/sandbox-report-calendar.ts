import { dayIn } from '@gds/contract/days';
import { DEFAULT_LOCALE, sandboxLocale } from './sandbox-account-locale.ts';
import { rangeDays } from './sandbox-report-api.ts';
import { seeded } from './sandbox-report-data.ts';
import { reportRules } from './sandbox-report-rules.ts';

/**
 * Which days a sandbox account has figures for, as a real provider knows them: nothing after
 * today (a day starts at midnight in the account's time zone, not in UTC), nothing before the
 * account existed, and a call spanning more days than its provider allows is refused.
 */

const DAY_MS = 864e5;
/**
 * Today (YYYY-MM-DD) at the sandbox clock's `now` in `timeZone`: an account's own zone (see
 * sandboxLocale), New York for accounts without one.
 */
export const sandboxToday = (now: number, timeZone = DEFAULT_LOCALE.timeZone): string =>
  dayIn(new Date(now), timeZone);

/** Today in the zone the connector's account reports in. */
export const accountToday = (now: number, connector: string, account: string): string =>
  sandboxToday(now, sandboxLocale(connector, account).timeZone);

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The first day an account has figures for: the first of a month between June 2024 and
 * October 2025, fixed per account (13 to 30 months before late 2026). Fixed dates, not a
 * distance from today, so a day that had figures keeps them as the clock moves on.
 */
export function historyStart(account: string): string {
  const months = Math.floor(seeded(account, 'history') * 17);
  const start = new Date(Date.UTC(2024, 5 + months, 1));
  return start.toISOString().slice(0, 10);
}

/** The days a call asked, or why the provider refuses them. */
export type AskedDays =
  { days: string[] } | { refused: 'invalid' } | { refused: 'too-long'; maxDays: number };

/**
 * The days from start to end (both included) the account has figures for: the range checked
 * against the connector's per-call limit first (a real provider refuses a long call whatever
 * the account holds), then cut to the account's history and to today. A range wholly in the
 * future or before the history is valid and has no days, as the providers answer it.
 */
export function askedDays(
  call: { connector: { nameSimple: string }; now: number },
  account: string,
  start: unknown,
  end: unknown,
): AskedDays {
  const all = rangeDays(start, end);
  if (!all) return { refused: 'invalid' };
  const { maxDaysPerCall } = reportRules(call.connector.nameSimple);
  if (maxDaysPerCall !== undefined && all.length > maxDaysPerCall) {
    return { refused: 'too-long', maxDays: maxDaysPerCall };
  }
  const first = historyStart(account);
  const today = accountToday(call.now, call.connector.nameSimple, account);
  return { days: all.filter((day) => day >= first && day <= today) };
}

/**
 * The days of a provider that sets no per-call limit (those listing what happened: payments,
 * calls, sent emails; HubSpot's daily sources): the asked range cut to the history and
 * today, or undefined when it is not a valid range.
 */
export function eventDays(
  call: { connector: { nameSimple: string }; now: number },
  account: string,
  start: unknown,
  end: unknown,
): string[] | undefined {
  const asked = askedDays(call, account, start, end);
  return 'days' in asked ? asked.days : undefined;
}
