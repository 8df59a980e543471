import { describe, expect, it } from 'vitest';
import type { UsageDayRow } from './stats.repository.ts';
import { usageSeries } from './usage-days.ts';

const row = (
  day: string,
  snapshot?: Partial<UsageDayRow>,
  counted = { a: 0, u: 0 },
): UsageDayRow => ({
  day,
  accounts_used: null,
  account_limit: null,
  users_used: null,
  user_limit: null,
  accounts_counted: counted.a,
  users_counted: counted.u,
  ...snapshot,
});

const current = { accounts: 9, accountLimit: 50, users: 4, userLimit: 5 };

describe('usageSeries', () => {
  it('uses snapshots, counts days without one, and today live', () => {
    const series = usageSeries(
      [
        row('2026-11-01', { accounts_used: 3, account_limit: 20, users_used: 1, user_limit: 5 }),
        row('2026-11-02', {}, { a: 5, u: 2 }),
        row('2026-11-03', { accounts_used: 7, account_limit: 20, users_used: 2, user_limit: 5 }),
      ],
      { firstDay: '2026-10-01', today: '2026-11-03', current },
    );
    expect(series.accounts).toEqual([
      { date: '2026-11-01', used: 3, limit: 20 },
      { date: '2026-11-02', used: 5, limit: 20 },
      { date: '2026-11-03', used: 9, limit: 50 },
    ]);
    expect(series.users.map((d) => d.used)).toEqual([1, 2, 4]);
  });

  it('a limit that changed mid-range shows on the days it held', () => {
    const series = usageSeries(
      [
        row('2026-11-01', {}, { a: 1, u: 1 }),
        row('2026-11-02', { accounts_used: 2, account_limit: 20, users_used: 1, user_limit: 5 }),
        row('2026-11-03', {}, { a: 2, u: 1 }),
        row('2026-11-04', { accounts_used: 30, account_limit: 40, users_used: 1, user_limit: 5 }),
        row('2026-11-05', {}, { a: 30, u: 1 }),
      ],
      { firstDay: '2026-01-01', today: '2026-12-31', current },
    );
    expect(series.accounts.map((d) => d.limit)).toEqual([20, 20, 40, 40, 50]);
  });

  it('days before the team and after today are empty, not zero', () => {
    const series = usageSeries([row('2026-11-01'), row('2026-11-02'), row('2026-11-03')], {
      firstDay: '2026-11-02',
      today: '2026-11-02',
      current,
    });
    expect(series.accounts).toEqual([
      { date: '2026-11-01', used: null, limit: null },
      { date: '2026-11-02', used: 9, limit: 50 },
      { date: '2026-11-03', used: null, limit: null },
    ]);
  });
});
