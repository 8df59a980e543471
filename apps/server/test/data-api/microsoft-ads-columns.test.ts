import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';
import { connectedAccount, ownAllAddons } from '../reports/sandbox-reports-support.ts';

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-07' };

/**
 * Microsoft Advertising's report columns through the data API in demo mode, nothing stubbed:
 * a chart's fields pick the report type (keyword, search term, ...), and fields no one report
 * holds are refused before any call to Microsoft.
 */
describeEachDatabase('data API: Microsoft Advertising report columns', (db) => {
  const clock = testClock(new Date('2026-03-20T09:50:00Z'));
  let ctx: SandboxContext;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db(), { clock });
    const owner = await signIn(ctx.app, ctx.identity, 'msads-owner@example.com');
    await ownAllAddons(db(), owner.team.id);
    accountId = (await connectedAccount(ctx, db(), owner, 'bing-ads')).accountId;
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  const start = (fields: string[]) =>
    dataCall(ctx.base, token, DATA_API.createJob, {
      json: { account: accountId, fields, dateRange: RANGE },
    });
  /** The job's rows once the worker ran it. */
  const rowsOf = async (fields: string[]) => {
    const created = await start(fields);
    expect(created.status, created.text).toBe(200);
    await backgroundJobs(ctx.app).runDataJobs();
    const polled = await dataCall(ctx.base, token, DATA_API.pollJob, {
      params: { jobId: created.json().jobId },
      query: { page: 1 },
    });
    const answer = polled.json();
    expect(answer.state, JSON.stringify(answer)).toBe('done');
    return answer.rows ?? [];
  };

  it('refuses a search term with impression share with a 400 naming both, before calling Microsoft', async () => {
    const calls = ctx.control.count('report', 'bing-ads');
    const refused = await start(['date', 'search_query', 'impression_share']);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'fields',
      message:
        'Microsoft Advertising has no report with both "Search term" (in the search term report) and "Impression share" (in the campaign and ad group reports). Remove one of them from the chart, or make a chart for each.',
    });
    const segment = await start(['campaign', 'top_vs_other', 'impression_share']);
    expect(segment.status, segment.text).toBe(400);
    expect(ctx.control.count('report', 'bing-ads')).toBe(calls);
  });

  it("answers a keyword's quality score from the keyword report", async () => {
    const rows = await rowsOf(['date', 'keyword', 'quality_score', 'clicks']);
    expect(rows.length).toBeGreaterThan(0);
    for (const [day, keyword, score, clicks] of rows) {
      expect(String(day)).toMatch(/^202603\d\d$/);
      expect(typeof keyword).toBe('string');
      expect(
        Number.isInteger(score) && Number(score) >= 1 && Number(score) <= 10,
        String(score),
      ).toBe(true);
      expect(typeof clicks).toBe('number');
    }
  });

  it('answers search terms from the search term report, their CTR a ratio', async () => {
    const rows = await rowsOf(['search_query', 'device', 'clicks', 'ctr']);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['Computer', 'Smartphone']));
    for (const [term, , , ctr] of rows) {
      expect(String(term).length).toBeGreaterThan(3);
      expect(Number(ctr)).toBeGreaterThan(0);
      expect(Number(ctr)).toBeLessThan(1);
    }
  });
});
