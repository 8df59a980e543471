import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { dayStoreFetchers } from '../helpers/day-store-provider.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const METRICS_TOKEN = 'day-store-metrics-token';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The store stays bounded: the hourly purge removes days fetched longer ago than the retention
 * and, past a team's cap, the days that team fetched longest ago. The metrics say how many
 * days came from the provider and how many from the store.
 */
describeEachDatabase('data API: the day store’s bounds and counts', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const provider = dayStoreFetchers();
  let ctx: DataApiContext;
  let owner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), {
      clock,
      reportFetchers: provider.fetchers,
      env: {
        REPORT_DAYS_RETENTION_DAYS: '30',
        REPORT_DAYS_MAX_PER_TEAM: '10',
        METRICS_TOKEN,
      },
    });
  });
  afterAll(() => ctx.app.close());

  /** Signs in (the clock may have moved past the last session) and runs one report to the end. */
  async function report(who: string, account: string, startDate: string, endDate: string) {
    const person = await signIn(ctx.app, ctx.identity, who);
    const token = (await authorizeConnector(ctx, person.cookie)).accessToken;
    const started = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: { account, fields: ['date', 'sessions'], dateRange: { startDate, endDate } },
    });
    expect(started.status, started.text).toBe(200);
    await backgroundJobs(ctx.app).runDataJobs();
    return person;
  }

  const daysOf = async (teamId: string) =>
    (
      await db()
        .selectFrom('report_days')
        .select('day')
        .where('team_id', '=', teamId)
        .orderBy('day')
        .execute()
    ).map((r) => r.day);

  it('past the cap a team loses the days it fetched longest ago; other teams keep theirs', async () => {
    owner = await signIn(ctx.app, ctx.identity, 'bounds-owner@example.com');
    other = await signIn(ctx.app, ctx.identity, 'bounds-other@example.com');
    const account = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    const theirs = (await seedReportLogin(db(), other.team.id)).accountIds[0] ?? '';
    await report('bounds-owner@example.com', account, '2026-01-01', '2026-01-08');
    clock.advance(DAY_MS);
    await report('bounds-owner@example.com', account, '2026-02-01', '2026-02-08');
    await report('bounds-other@example.com', theirs, '2026-02-01', '2026-02-05');
    expect(await daysOf(owner.team.id)).toHaveLength(16);
    await backgroundJobs(ctx.app).purge();
    const kept = await daysOf(owner.team.id);
    expect(kept).toHaveLength(10);
    // The eight fetched first are the older ones: six of them go, the later eight all stay.
    expect(kept.filter((d) => d.startsWith('2026-02'))).toHaveLength(8);
    expect(await daysOf(other.team.id)).toHaveLength(5);
  });

  it('days fetched longer ago than the retention are purged in every team', async () => {
    clock.advance(31 * DAY_MS);
    await backgroundJobs(ctx.app).purge();
    expect(await daysOf(owner.team.id)).toEqual([]);
    expect(await daysOf(other.team.id)).toEqual([]);
  });

  it('counts days fetched from the provider and reused from the store, by connector', async () => {
    const account = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    await report('bounds-owner@example.com', account, '2026-02-01', '2026-02-04');
    await report('bounds-owner@example.com', account, '2026-02-01', '2026-02-06');
    const metrics = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (source: string) =>
      metrics.body
        .split('\n')
        .find((l) =>
          l.startsWith(`gds_report_days_total{connector="google-analytics",source="${source}"}`),
        );
    // Provider: 8 + 8 + 5 days above, then 4, then the 2 the second report added.
    expect(line('provider')).toMatch(/ 27$/);
    expect(line('store')).toMatch(/ 4$/);
  });
});
