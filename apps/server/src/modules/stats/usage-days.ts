import { dayIn } from '@gds/contract/days';
import type { UsageDayRow } from './stats.repository.ts';

export interface UsageDay {
  date: string;
  used: number | null;
  limit: number | null;
}

export interface UsageSeries {
  accounts: UsageDay[];
  users: UsageDay[];
}

/**
 * Turns the rows of a range into the two daily series the Stats screen draws.
 *
 * A day's value is its recorded snapshot (kept after accounts are purged and members leave);
 * a day without one is counted from the rows that exist now; today is always counted live,
 * since its snapshot may be an hour old. Days before the team existed have no value. A limit
 * missing on a day takes the next known limit after it (limits change only when the plan
 * does, and every change is recorded from then on), and the current limit at the end.
 */
export function usageSeries(
  rows: readonly UsageDayRow[],
  context: {
    /** YYYY-MM-DD of the team's first day, in the range's time zone. */
    firstDay: string;
    /** YYYY-MM-DD of today in the range's time zone. */
    today: string;
    current: { accounts: number; accountLimit: number; users: number; userLimit: number };
  },
): UsageSeries {
  const accounts: UsageDay[] = [];
  const users: UsageDay[] = [];
  let nextAccountLimit = context.current.accountLimit;
  let nextUserLimit = context.current.userLimit;
  // Walk backwards so a missing limit takes the next known one.
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.account_limit !== null) nextAccountLimit = row.account_limit;
    if (row.user_limit !== null) nextUserLimit = row.user_limit;
    if (row.day < context.firstDay || row.day > context.today) {
      accounts.push({ date: row.day, used: null, limit: null });
      users.push({ date: row.day, used: null, limit: null });
      continue;
    }
    const live = row.day === context.today;
    accounts.push({
      date: row.day,
      used: live ? context.current.accounts : (row.accounts_used ?? row.accounts_counted),
      limit: live ? context.current.accountLimit : nextAccountLimit,
    });
    users.push({
      date: row.day,
      used: live ? context.current.users : (row.users_used ?? row.users_counted),
      limit: live ? context.current.userLimit : nextUserLimit,
    });
  }
  return { accounts: accounts.reverse(), users: users.reverse() };
}

const DAY_MS = 86_400_000;

/**
 * The first whole day, in `timeZone`, whose data requests the log still holds: it keeps
 * `retentionDays` days, so the day the cut falls in is only partly there.
 */
export function firstKeptDay(now: Date, retentionDays: number, timeZone: string): string {
  const cut = dayIn(new Date(now.getTime() - retentionDays * DAY_MS), timeZone);
  return new Date(Date.parse(`${cut}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
