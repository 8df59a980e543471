import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ConnectorError,
  harnessClock,
  startConnectorHarness,
} from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import type {
  HttpAnswer,
  HttpRequest,
} from '../../../../connectors/looker-studio/harness/connector-harness.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  consentAs,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';

const MINUTE_MS = 60 * 1000;

/**
 * The data API answers 429 (over the grant's per-minute limit) or 503 with Retry-After: the
 * connector waits that long and asks again, within Apps Script's six minutes an execution.
 */
describeEachDatabase('Looker Studio connector: a busy data API', (db) => {
  let ctx: DataApiContext;
  let accountId: string;
  let connector: ReturnType<typeof startConnectorHarness>;
  const clock = harnessClock();
  const slept: number[] = [];
  let intercept: ((request: HttpRequest) => HttpAnswer | undefined) | undefined;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), {
      clock: clock.clock,
      env: { DATA_API_RATE_LIMIT_PER_MINUTE: '2' },
    });
    const owner = await signIn(ctx.app, ctx.identity, 'busy-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    connector = startConnectorHarness({
      scriptProperties: { APP_URL: ctx.base, CLIENT_ID, CLIENT_SECRET },
      redirectUri: REDIRECT_URI,
      clock,
      onSleep: async (ms) => {
        slept.push(ms);
        clock.advance(ms);
        await backgroundJobs(ctx.app).runDataJobs();
      },
      intercept: (request) => intercept?.(request),
    });
    const back = await consentAs(
      ctx,
      owner.cookie,
      await connector.call<string>('get3PAuthorizationUrls'),
    );
    await connector.callback(back);
  });
  afterAll(async () => {
    await connector.close();
    await ctx.app.close();
  });

  const getData = () =>
    connector.call<{ rows: unknown[] }>('getData', {
      configParams: { connector: 'google-analytics', account: accountId },
      fields: [{ name: 'date' }, { name: 'sessions' }],
      dateRange: { startDate: '2026-02-01', endDate: '2026-02-02' },
    });

  it('waits out a 429 for the Retry-After the data API sent, then gets the rows', async () => {
    // At the start of a limit window: the third call of the minute is refused for 60 seconds.
    clock.advance(MINUTE_MS - (clock.now() % MINUTE_MS));
    slept.length = 0;
    const result = await getData();
    expect(result.rows).toHaveLength(2 * ctx.reports.control.campaignsPerDay);
    // Retry-After is the seconds left in the window (a second or so has passed in it).
    expect(slept.filter((ms) => ms >= 55 * 1000 && ms <= 60 * 1000)).toHaveLength(1);
  });

  it('does not wait past the execution’s six minutes: it says to try again later', async () => {
    clock.advance(MINUTE_MS);
    slept.length = 0;
    intercept = (request) =>
      request.method === 'POST' && request.url.endsWith('/jobs')
        ? { status: 503, headers: { 'retry-after': '600' }, body: '{}' }
        : undefined;
    try {
      const failed = await getData().catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ConnectorError);
      expect((failed as ConnectorError).userError).toBe(
        'The data API is busy (HTTP 503) and asked to wait longer than this report can. ' +
          'Refresh the report in a few minutes.',
      );
      expect(slept).not.toContain(600 * 1000);
    } finally {
      intercept = undefined;
    }
  });
});
