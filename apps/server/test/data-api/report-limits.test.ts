import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

/** Polls a chart makes before its job is done, at the retryAfterMs the API answers (1 s). */
const POLLS_PER_CHART = 5;

/**
 * A Looker Studio report runs each chart as its own request sequence (a job, its polls, its
 * page), and every viewer of a report shared with the owner's credentials uses one grant: a
 * 20-chart report opened by 10 viewers at once is 200 sequences within a minute, all served
 * by the default limits.
 */
describeEachDatabase('data API: limits sized for real reports', (db) => {
  describe('with the default limits', () => {
    // Every call falls in one minute's window.
    const clock = testClock(new Date('2026-03-10T12:00:01Z'));
    let ctx: DataApiContext;
    let token: string;
    let accountId: string;

    beforeAll(async () => {
      ctx = await startDataApiApp(db(), { clock });
      const owner = await signIn(ctx.app, ctx.identity, 'limits-owner@example.com');
      accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
      token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
    });
    afterAll(() => ctx.app.close());

    it('serves 200 chart-sized request sequences on one grant within a minute', async () => {
      const chart = (n: number) => ({
        account: accountId,
        fields: ['date', 'sessions'],
        dateRange: {
          startDate: '2026-02-01',
          endDate: `2026-02-${String(n + 1).padStart(2, '0')}`,
        },
      });
      const statuses: number[] = [];
      const viewers = Array.from({ length: 10 }, (_, viewer) => viewer);
      const jobIds = new Map<number, string>();
      // Each viewer opens the 20 charts at once: a job and its polls per chart.
      for (const viewer of viewers) {
        await Promise.all(
          Array.from({ length: 20 }, async (_, n) => {
            const started = await dataCall(ctx.base, token, DATA_API.createJob, { json: chart(n) });
            statuses.push(started.status);
            const jobId = String(started.body.jobId);
            jobIds.set(n, jobId);
            for (let poll = 0; poll < POLLS_PER_CHART; poll += 1) {
              const answer = await dataCall(ctx.base, token, DATA_API.pollJob, {
                params: { jobId },
              });
              statuses.push(answer.status);
            }
          }),
        );
        if (viewer === 0) await backgroundJobs(ctx.app).runDataJobs();
      }
      // ... and reads each chart's page.
      for (let viewer = 0; viewer < viewers.length; viewer += 1) {
        await Promise.all(
          [...jobIds.values()].map(async (jobId) => {
            const page = await dataCall(ctx.base, token, DATA_API.pollJob, {
              params: { jobId },
              query: { page: 1 },
            });
            statuses.push(page.status);
          }),
        );
      }
      expect(statuses).toHaveLength(200 * (POLLS_PER_CHART + 2));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    }, 180_000);
  });

  describe('past a limit', () => {
    const clock = testClock(new Date('2026-03-10T12:00:01Z'));
    let ctx: DataApiContext;

    beforeAll(async () => {
      ctx = await startDataApiApp(db(), {
        clock,
        env: {
          DATA_API_RATE_LIMIT_PER_MINUTE: '100',
          DATA_API_TEAM_RATE_LIMIT_PER_MINUTE: '4',
          DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE: '2',
        },
      });
    });
    afterAll(() => ctx.app.close());

    it('refuses with 429 and Retry-After per team across its grants, and per account for jobs', async () => {
      const owner = await signIn(ctx.app, ctx.identity, 'limits-small@example.com');
      const [a, b] = (await seedReportLogin(db(), owner.team.id, { accounts: 2 })).accountIds;
      const first = (await authorizeConnector(ctx, owner.cookie)).accessToken;
      const start = (token: string, account: string | undefined) =>
        dataCall(ctx.base, token, DATA_API.createJob, {
          json: {
            account,
            fields: ['date'],
            dateRange: { startDate: '2026-02-01', endDate: '2026-02-02' },
          },
        });
      expect((await start(first, a)).status).toBe(200);
      expect((await start(first, a)).status).toBe(200);
      const perAccount = await start(first, a);
      expect(perAccount.status).toBe(429);
      expect(perAccount.headers.get('retry-after')).toBe('59');
      expect((perAccount.body.error as { message: string }).message).toContain('this account');
      // Another account of the team still starts, until the team's budget is spent.
      expect((await start(first, b)).status).toBe(200);
      const second = (await authorizeConnector(ctx, owner.cookie)).accessToken;
      const perTeam = await start(second, b);
      expect(perTeam.status).toBe(429);
      expect(perTeam.headers.get('retry-after')).toBe('59');
      expect((perTeam.body.error as { message: string }).message).toContain('Your team');
    });

    it('an answer from a stored result spends none of the account’s job budget', async () => {
      const owner = await signIn(ctx.app, ctx.identity, 'limits-cached@example.com');
      const [account] = (await seedReportLogin(db(), owner.team.id)).accountIds;
      const token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
      const start = (day: string) =>
        dataCall(ctx.base, token, DATA_API.createJob, {
          json: { account, fields: ['date'], dateRange: { startDate: day, endDate: day } },
        });
      expect((await start('2026-02-01')).body.state).toBe('queued');
      await backgroundJobs(ctx.app).runDataJobs();
      // A viewer's chart answered from the stored result: no job, so it does not count here.
      expect((await start('2026-02-01')).body.state).toBe('done');
      expect((await start('2026-02-02')).body.state).toBe('queued');
      const third = await start('2026-02-03');
      expect(third.status).toBe(429);
      expect((third.body.error as { message: string }).message).toContain('this account');
    });
  });
});
