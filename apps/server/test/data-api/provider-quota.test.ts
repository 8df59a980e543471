import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API, ENDPOINTS, findConnectorByName } from '@gds/contract';
import { createProviderQuotaRepository } from '../../src/modules/reports/provider-quota.repository.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';
import { connectedAccount } from '../reports/sandbox-reports-support.ts';

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-14' };

/**
 * GA4's property quota in demo mode, nothing stubbed: the sandbox counts a property's tokens
 * down call by call and answers them with every report (the fetcher asks for them), and a job
 * whose next call would spend what is left waits for the hour to turn instead of failing.
 */
describeEachDatabase('data API: provider quota in sight and respected', (db) => {
  // Ten minutes before the hour turns: the wait is short and no token lapses meanwhile.
  const clock = testClock(new Date('2026-03-20T09:50:00Z'));
  let ctx: SandboxContext;
  let owner: SignedIn;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db(), { clock });
    owner = await signIn(ctx.app, ctx.identity, 'quota-owner@example.com');
    accountId = (await connectedAccount(ctx, db(), owner, 'google-analytics')).accountId;
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  const start = async (fields: string[]) => {
    const created = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: { account: accountId, fields, dateRange: RANGE },
    });
    expect(created.status, created.text).toBe(200);
    return created.json().jobId;
  };
  const poll = async (jobId: string) => {
    const polled = await dataCall(ctx.base, token, DATA_API.pollJob, {
      params: { jobId },
      query: { page: 1 },
    });
    expect(polled.status, polled.text).toBe(200);
    return polled.json();
  };
  const run = () => backgroundJobs(ctx.app).runDataJobs();

  it('a job whose call would exhaust the property quota waits for the hour, then completes', async () => {
    // Each of these reports costs the sandbox property 2 tokens; 5 an hour leaves 1 after two.
    ctx.control.ga4Quota.tokensPerHour = 5;
    for (const fields of [
      ['date', 'sessions'],
      ['date', 'source', 'sessions'],
    ]) {
      const jobId = await start(fields);
      expect(await run()).toMatchObject({ done: 1 });
      expect((await poll(jobId)).state).toBe('done');
    }
    const hour = await db()
      .selectFrom('provider_quota_hours')
      .select(['quota', 'spent', 'remaining', 'calls'])
      .where('team_id', '=', owner.team.id)
      .where('account_id', '=', accountId)
      .where('quota', '=', 'tokensPerHour')
      .executeTakeFirstOrThrow();
    expect(hour).toEqual({ quota: 'tokensPerHour', spent: 4, remaining: 1, calls: 2 });

    const calls = ctx.control.count('report', 'google-analytics');
    const waiting = await start(['date', 'medium', 'sessions']);
    expect(await run()).toMatchObject({ done: 0, failed: 0, waited: 1 });
    // It waits without calling: the provider would refuse, and a refusal fails every chart.
    expect(ctx.control.count('report', 'google-analytics')).toBe(calls);
    const polled = await poll(waiting);
    expect(polled.state).toBe('queued');
    expect(polled.reason).toMatch(/tokens per hour quota .* waits .* 2026-03-20 10:00 UTC/);
    expect(polled.retryAfterMs).toBe(10 * 60 * 1000);
    // Polled again and run again before the hour: still waiting, no try spent.
    expect(await run()).toMatchObject({ done: 0, waited: 0 });

    clock.advance(10 * 60 * 1000 + 1000);
    expect(await run()).toMatchObject({ done: 1 });
    const done = await poll(waiting);
    expect(done.state).toBe('done');
    expect(done.rows?.length).toBeGreaterThan(0);
    expect(ctx.control.count('report', 'google-analytics')).toBe(calls + 1);
  });

  it('a sampled, thresholded report carries its notices in the poll answer', async () => {
    const busy = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .where('connector_id', '=', findConnectorByName('google-analytics')?.id ?? -1)
      .where('external_id', 'like', '%-2')
      .executeTakeFirstOrThrow();
    const created = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: { account: busy.id, fields: ['date', 'sessions'], dateRange: RANGE },
    });
    expect(created.status, created.text).toBe(200);
    await run();
    const done = await poll(created.json().jobId);
    expect(done.state).toBe('done');
    expect(done.notices?.map((n) => n.kind).sort()).toEqual(['sampled', 'thresholded']);
    expect(done.notices?.find((n) => n.kind === 'sampled')?.message).toMatch(
      /sampled these figures from 25% of the events/,
    );
  });

  it('Stats shows the notice of the sampled request and the quota each account spent, and whose reports spent it', async () => {
    const stats = await callAt(ctx, ENDPOINTS.getStats, {
      query: { from: '2026-03-20', to: '2026-03-20', timeZone: 'UTC' },
      cookie: owner.cookie,
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const body = stats.json();
    const sampled = body.dataNotices.find((n) => n.kind === 'sampled');
    expect(sampled).toMatchObject({ requests: 1, connector: 'Google Analytics' });
    expect(sampled?.message).toMatch(/sampled these figures/);
    const quota = body.providerQuota.find((q) => q.accountId === accountId);
    expect(quota?.days).toEqual([{ date: '2026-03-20', spent: 6, requests: 3 }]);
    expect(quota?.spentBy.map((s) => [s.requests, s.spent])).toEqual([[3, 6]]);
    expect(quota?.hours.map((h) => h.quota)).toContain('tokens per hour');
  });

  it('a report answered from stored days carries the notices they were read with', async () => {
    const busy = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .where('connector_id', '=', findConnectorByName('google-analytics')?.id ?? -1)
      .where('external_id', 'like', '%-2')
      .executeTakeFirstOrThrow();
    const calls = ctx.control.count('report', 'google-analytics');
    // Another chart: a week inside the range read above, every day of it settled and stored.
    const created = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: {
        account: busy.id,
        fields: ['date', 'sessions'],
        dateRange: { startDate: '2026-03-03', endDate: '2026-03-09' },
      },
    });
    expect(created.status, created.text).toBe(200);
    await run();
    const done = await poll(created.json().jobId);
    expect(done.state).toBe('done');
    expect(ctx.control.count('report', 'google-analytics')).toBe(calls);
    expect(done.notices?.map((n) => n.kind).sort()).toEqual(['sampled', 'thresholded']);
  });

  it('the hourly purge deletes quota hours older than two days, a bounded batch at a time', async () => {
    const hoursAgo = (hours: number) => new Date(clock().getTime() - hours * 60 * 60 * 1000);
    const hourRow = (hour: Date, quota: string) => ({
      team_id: owner.team.id,
      account_id: accountId,
      hour,
      quota,
      quota_window: 'hour' as const,
      updated_at: hour,
    });
    const old = hoursAgo(72);
    await db()
      .insertInto('provider_quota_hours')
      .values([
        hourRow(old, 'tokensPerHour'),
        hourRow(old, 'tokensPerProjectPerHour'),
        hourRow(hoursAgo(50), 'tokensPerHour'),
        hourRow(hoursAgo(47), 'tokensPerHour'),
      ])
      .execute();
    const hours = async () =>
      (
        await db()
          .selectFrom('provider_quota_hours')
          .select('hour')
          .where('team_id', '=', owner.team.id)
          .where('account_id', '=', accountId)
          .execute()
      ).map((r) => r.hour.getTime());
    const before = (await hours()).length;

    // A batch deletes at most its size, even where many accounts' quotas share an hour.
    expect(await createProviderQuotaRepository(db()).deleteBefore(hoursAgo(60), 1)).toBe(1);
    await backgroundJobs(ctx.app).purge();
    const left = await hours();
    expect(left).toHaveLength(before - 3);
    expect(left).toContain(hoursAgo(47).getTime());
    expect(Math.min(...left)).toBeGreaterThanOrEqual(hoursAgo(48).getTime());
  });
});
