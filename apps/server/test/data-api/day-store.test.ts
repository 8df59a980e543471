import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import type { ReportValue } from '../../src/modules/reports/report-fetcher.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import {
  PER_CALL,
  comparable,
  dayStoreFetchers,
  providerAnswer,
} from '../helpers/day-store-provider.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

/**
 * Reports read a day at a time: settled days an earlier report read come from the store, only
 * unsettled and missing days go to the provider, long ranges go in pieces within its per-call
 * limit, and anything the days cannot make exactly (distinct counts) is asked as it is.
 */
describeEachDatabase('data API: the day-grain store', (db) => {
  // Yesterday is 2026-03-09; with a settle window of 3 days, 2026-03-06 is the last settled day.
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const provider = dayStoreFetchers();
  let ctx: DataApiContext;
  let owner: SignedIn;
  let token: string;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock, reportFetchers: provider.fetchers });
    owner = await signIn(ctx.app, ctx.identity, 'day-store-owner@example.com');
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());
  beforeEach(() => {
    provider.control.calls.length = 0;
    provider.control.failWhen = undefined;
  });

  const DAY_MS = 24 * 60 * 60 * 1000;
  /** Moves the clock; sessions and access tokens lapse, so the owner signs in and authorizes again. */
  async function moveClock(ms: number) {
    clock.advance(ms);
    owner = await signIn(ctx.app, ctx.identity, 'day-store-owner@example.com');
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  }

  const newAccount = async () => (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  const startJob = (body: Record<string, unknown>) =>
    dataCall(ctx.base, token, DATA_API.createJob, { json: body });

  /** Runs a report to the end; answers its job, state, rows and the provider calls it made. */
  async function report(
    account: string,
    fields: string[],
    startDate: string,
    endDate: string,
    filters: unknown[] = [],
  ) {
    const before = provider.control.calls.length;
    const started = await startJob({ account, fields, dateRange: { startDate, endDate }, filters });
    expect(started.status, started.text).toBe(200);
    const jobId = String(started.body.jobId);
    await backgroundJobs(ctx.app).runDataJobs();
    const polled = await dataCall(ctx.base, token, DATA_API.pollJob, {
      params: { jobId },
      query: { page: 1 },
    });
    const job = await db()
      .selectFrom('data_jobs')
      .select(['store_days', 'provider_days'])
      .where('team_id', '=', owner.team.id)
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    return {
      jobId,
      state: polled.body.state,
      reason: polled.body.reason,
      rows: (polled.body.rows ?? []) as ReportValue[][],
      calls: provider.control.calls.slice(before),
      job,
    };
  }

  const days = (r: { start: string; end: string }) =>
    Math.round((Date.parse(r.end) - Date.parse(r.start)) / DAY_MS) + 1;

  const storedDays = async (account: string) =>
    (
      await db()
        .selectFrom('report_days')
        .select('day')
        .distinct()
        .where('team_id', '=', owner.team.id)
        .where('account_id', '=', account)
        .orderBy('day')
        .execute()
    ).map((r) => r.day);

  it('a second report over an overlapping range asks only for the missing and unsettled days', async () => {
    const account = await newAccount();
    const fields = ['date', 'campaign', 'sessions'];
    const first = await report(account, fields, '2026-02-01', '2026-02-20');
    expect(first.calls.map((c) => c.dateRange)).toEqual([
      { start: '2026-02-01', end: '2026-02-20' },
    ]);
    expect(first.job).toEqual({ store_days: 0, provider_days: 20 });

    const second = await report(account, fields, '2026-02-10', '2026-03-09');
    // 02-10..02-20 are stored; 02-21..03-09 are missing (03-07..03-09 not settled either).
    expect(second.calls.map((c) => c.dateRange)).toEqual([
      { start: '2026-02-21', end: '2026-03-09' },
    ]);
    expect(second.job).toEqual({ store_days: 11, provider_days: 17 });
    expect(comparable(second.rows)).toEqual(
      comparable(providerAnswer(fields, { start: '2026-02-10', end: '2026-03-09' })),
    );
    // Unsettled days are never kept: the provider may still revise them.
    expect((await storedDays(account)).at(-1)).toBe('2026-03-06');

    // The next day, "last 28 days" asks again: only the days that were not settled yet go out.
    await moveClock(DAY_MS);
    try {
      const third = await report(account, fields, '2026-02-11', '2026-03-10');
      expect(third.calls.map((c) => c.dateRange)).toEqual([
        { start: '2026-03-07', end: '2026-03-10' },
      ]);
      expect(third.job).toEqual({ store_days: 24, provider_days: 4 });
      expect(comparable(third.rows)).toEqual(
        comparable(providerAnswer(fields, { start: '2026-02-11', end: '2026-03-10' })),
      );
    } finally {
      await moveClock(-DAY_MS);
    }
  });

  it('a report of fewer dimensions with summed metrics and ratios is answered from the store, as the provider answers it', async () => {
    const account = await newAccount();
    const range = { start: '2026-01-05', end: '2026-01-25' };
    await report(
      account,
      ['date', 'campaign', 'device', 'sessions', 'engaged_sessions'],
      range.start,
      range.end,
    );
    const fields = ['campaign', 'sessions', 'engagement_rate'];
    const answer = await report(account, fields, range.start, range.end);
    expect(answer.calls).toEqual([]);
    expect(answer.job).toEqual({ store_days: 21, provider_days: 0 });
    expect(comparable(answer.rows)).toEqual(comparable(providerAnswer(fields, range)));
  });

  it('a ratio is recomputed from its summed parts, not averaged over days', async () => {
    const account = await newAccount();
    const range = { start: '2026-01-01', end: '2026-01-10' };
    const answer = await report(account, ['engagement_rate'], range.start, range.end);
    expect(answer.calls.map((c) => [...c.fields].sort())).toEqual([
      ['date', 'engaged_sessions', 'engagement_rate', 'sessions'],
    ]);
    const exact = providerAnswer(['engagement_rate'], range)[0]?.[0] as number;
    const daily = providerAnswer(['date', 'engagement_rate'], range).map((r) => r[1] as number);
    const averaged = daily.reduce((a, b) => a + b, 0) / daily.length;
    expect(Math.abs(exact - averaged)).toBeGreaterThan(1e-6);
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]?.[0]).toBeCloseTo(exact, 9);
  });

  it('a distinct count without the date always goes to the provider for the exact range', async () => {
    const account = await newAccount();
    const range = { start: '2026-01-03', end: '2026-01-16' };
    // Day rows of users are stored (each day's count is exact for its day)...
    await report(account, ['date', 'campaign', 'total_users'], range.start, range.end);
    // ...but users over a range are never their days' sum: each range goes to the provider.
    const fields = ['campaign', 'total_users'];
    for (const asked of [range, { start: '2026-01-05', end: '2026-01-12' }]) {
      const answer = await report(account, fields, asked.start, asked.end);
      expect(answer.calls.map((c) => ({ fields: c.fields, range: c.dateRange }))).toEqual([
        { fields, range: asked },
      ]);
      expect(answer.job).toEqual({ store_days: 0, provider_days: days(asked) });
      expect(comparable(answer.rows)).toEqual(comparable(providerAnswer(fields, asked)));
      const summed = providerAnswer(['date', 'campaign', 'total_users'], asked)
        .filter((r) => r[1] === 'Brand')
        .reduce((total, r) => total + (r[2] as number), 0);
      expect(answer.rows.find((r) => r[0] === 'Brand')?.[1]).toBeLessThan(summed);
    }
  });

  it('a range past the per-call limit is read in pieces and equals one long read', async () => {
    const account = await newAccount();
    const range = { start: '2025-11-01', end: '2026-01-14' };
    const fields = ['date', 'campaign', 'sessions', 'total_users'];
    const answer = await report(account, fields, range.start, range.end);
    expect(answer.state).toBe('done');
    expect(answer.calls.map((c) => c.dateRange)).toEqual([
      { start: '2025-11-01', end: '2025-11-30' },
      { start: '2025-12-01', end: '2025-12-30' },
      { start: '2025-12-31', end: '2026-01-14' },
    ]);
    for (const call of answer.calls) expect(call.accessToken).toBe(answer.calls[0]?.accessToken);
    expect(comparable(answer.rows)).toEqual(comparable(providerAnswer(fields, range)));
    // Without the date, summed metrics over 75 days: pieces added up, equal to one read.
    const totals = await report(await newAccount(), ['device', 'sessions'], range.start, range.end);
    expect(totals.calls).toHaveLength(3);
    expect(comparable(totals.rows)).toEqual(
      comparable(providerAnswer(['device', 'sessions'], range)),
    );
  });

  it('a failed piece fails the job with the provider’s reason and stores no day of it', async () => {
    const account = await newAccount();
    provider.control.failWhen = (r) => r.start === '2025-12-01';
    const failed = await report(account, ['date', 'sessions'], '2025-11-01', '2025-12-20');
    expect(failed.state).toBe('failed');
    expect(failed.reason).toBe('The property answered: this report is too large.');
    expect(await storedDays(account)).toEqual([]);
    provider.control.failWhen = undefined;
    const again = await report(account, ['date', 'sessions'], '2025-11-01', '2025-12-20');
    expect(again.calls.map((c) => c.dateRange)).toEqual([
      { start: '2025-11-01', end: '2025-11-30' },
      { start: '2025-12-01', end: '2025-12-20' },
    ]);
  });

  it('refuses a range before the provider’s history, and a long distinct count, before starting', async () => {
    const account = await newAccount();
    const cases = [
      [
        ['date', 'sessions'],
        '2025-01-01',
        '2025-01-31',
        'keeps 400 days of data, back to 2025-02-03',
      ],
      [['campaign', 'total_users'], '2025-12-01', '2026-01-31', 'Total users cannot be added up'],
    ] as const;
    for (const [fields, startDate, endDate, says] of cases) {
      const answer = await startJob({ account, fields, dateRange: { startDate, endDate } });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error).toMatchObject({ field: 'dateRange' });
      expect(answer.text).toContain(says);
    }
    expect(provider.control.calls).toEqual([]);
    const described = await dataCall(ctx.base, token, DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account },
    });
    expect(described.body.maxDateRangeDays).toBe(400);
    expect(PER_CALL).toBeLessThan(400);
  });

  it('a filter on a dimension the report shows is stored with its shape; another filter is not answered from it', async () => {
    const account = await newAccount();
    const fields = ['date', 'campaign', 'sessions'];
    const brand = [{ field: 'campaign', operator: 'EQUALS', values: ['Brand'] }];
    const range = ['2026-01-01', '2026-01-07'] as const;
    const first = await report(account, fields, ...range, brand);
    expect(first.rows.every((r) => r[1] === 'Brand')).toBe(true);
    const search = [{ field: 'campaign', operator: 'EQUALS', values: ['Search'] }];
    const other = await report(account, fields, ...range, search);
    expect(other.calls).toHaveLength(1);
    expect(other.rows.every((r) => r[1] === 'Search')).toBe(true);
    const same = await report(account, ['campaign', 'sessions'], ...range, brand);
    expect(same.calls).toEqual([]);
    expect(comparable(same.rows)).toEqual(
      comparable(
        providerAnswer(['campaign', 'sessions'], { start: range[0], end: range[1] }).filter(
          (r) => r[0] === 'Brand',
        ),
      ),
    );
  });
});
