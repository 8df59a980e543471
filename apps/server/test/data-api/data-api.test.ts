import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { urlOf } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { ReportError } from '../helpers/report-fetcher.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

describeEachDatabase('data API: schema, job, poll', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  let ctx: DataApiContext;
  let owner: SignedIn;
  let token: string;
  let accountId: string;
  let otherTeamsAccount: string;
  let ranges = 0;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock, env: { DATA_API_PAGE_SIZE: '100' } });
    owner = await signIn(ctx.app, ctx.identity, 'data-owner@example.com');
    accountId =
      (await seedReportLogin(db(), owner.team.id, { accessToken: 'ga-token-1' })).accountIds[0] ??
      '';
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
    const other = await signIn(ctx.app, ctx.identity, 'data-other@example.com');
    otherTeamsAccount = (await seedReportLogin(db(), other.team.id)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());
  beforeEach(async () => {
    ctx.reports.control.failures = [];
    ctx.reports.control.firstSessions = undefined;
    ctx.reports.control.campaignsPerDay = 3;
    // Jobs an earlier test left queued are run first, so each test counts only its own.
    await backgroundJobs(ctx.app).runDataJobs();
  });

  /** A range nobody asked for yet (identical requests are answered from the stored result). */
  const freshRange = (days = 7) => {
    ranges += 1;
    const end = new Date(Date.UTC(2026, 1, 28) - ranges * 86_400_000 * 10);
    const start = new Date(end.getTime() - (days - 1) * 86_400_000);
    return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
  };
  const schema = (connector: string, account: string, bearer = token) =>
    dataCall(ctx.base, bearer, DATA_API.schema, { params: { connector }, query: { account } });
  const startJob = (body: Record<string, unknown>) =>
    dataCall(ctx.base, token, DATA_API.createJob, { json: body });
  const poll = (jobId: string, page = 1) =>
    dataCall(ctx.base, token, DATA_API.pollJob, { params: { jobId }, query: { page } });
  const jobCount = async () =>
    (await db().selectFrom('data_jobs').select('id').where('team_id', '=', owner.team.id).execute())
      .length;
  const runJobs = () => backgroundJobs(ctx.app).runDataJobs();

  it('schema: the fields in Looker Studio’s shape, currency as CURRENCY_<ISO>, the default range', async () => {
    const answer = await schema('google-analytics', accountId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      connector: 'google-analytics',
      account: { id: accountId, name: 'Property 1' },
      defaultDateRange: { startDate: '2026-02-10', endDate: '2026-03-09' },
      maxDateRangeDays: 1095,
    });
    expect(answer.body.fields).toContainEqual({
      id: 'cost',
      name: 'Cost',
      description: 'Cost',
      semantics: { conceptType: 'METRIC', semanticType: 'CURRENCY_USD' },
      dataType: 'NUMBER',
      aggregation: 'SUM',
    });
  });

  it('schema refuses another team’s account, a deleted one, an unknown connector, a mismatch', async () => {
    const refusals = [
      [await schema('google-analytics', otherTeamsAccount), 404],
      [await schema('no-such-connector', accountId), 404],
      [await schema('google-ads', accountId), 400],
      [await schema('google-analytics', 'not-an-id'), 404],
    ] as const;
    for (const [answer, status] of refusals) {
      expect(answer.status, answer.text).toBe(status);
      expect((answer.body.error as { message: string }).message.length).toBeGreaterThan(20);
    }
    const deleted = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    await db()
      .updateTable('data_source_accounts')
      .set({ deleted_at: clock() })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', deleted)
      .execute();
    expect((await schema('google-analytics', deleted)).status).toBe(404);
  });

  it('refuses a call without a valid bearer token, and never reads one from the address', async () => {
    const missing = await schema('google-analytics', accountId, '');
    expect(missing.status).toBe(401);
    const wrong = await schema('google-analytics', accountId, 'x'.repeat(43));
    expect(wrong.status).toBe(401);
    // Off the contract on purpose: the token in the address is never read.
    const address = urlOf(DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account: accountId, access_token: token },
    });
    const inQuery = await fetch(`${ctx.base}${address}`);
    expect(inQuery.status).toBe(401);
    const response = await fetch(
      `${ctx.base}${urlOf(DATA_API.pollJob, { params: { jobId: 'x' } })}`,
    );
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
  });

  /** A job asking for campaigns and sessions with one filter. */
  const filtered = (filter: { field: string; operator: string; values: string[] }) => ({
    account: accountId,
    fields: ['date', 'campaign', 'sessions'],
    dateRange: freshRange(),
    filters: [filter],
  });

  it('refuses unknown fields, ranges past the limit, filters that match nothing as given and other teams’ accounts; nothing starts', async () => {
    const before = await jobCount();
    const calls = ctx.reports.control.calls.length;
    const cases = [
      [{ account: accountId, fields: ['date', 'bounce'], dateRange: freshRange() }, 400, 'bounce'],
      [
        {
          account: accountId,
          fields: ['date'],
          dateRange: { startDate: '2023-01-01', endDate: '2023-01-31' },
        },
        400,
        'keeps 1095 days of data, back to 2023-03-11',
      ],
      [
        {
          account: accountId,
          fields: ['date'],
          dateRange: { startDate: '2026-02-10', endDate: '2026-02-01' },
        },
        400,
        'ends before',
      ],
      [
        {
          account: accountId,
          fields: ['date'],
          dateRange: { startDate: '2026-02-30', endDate: '2026-03-01' },
        },
        400,
        'does not exist',
      ],
      [
        { account: otherTeamsAccount, fields: ['date'], dateRange: freshRange() },
        404,
        'not one of',
      ],
      [{ account: accountId, fields: [], dateRange: freshRange() }, 400, 'fields'],
      // A filter that could only answer no rows is refused, naming the filter, not run empty.
      [
        filtered({ field: 'sessions', operator: 'NUMERIC_GREATER_THAN', values: ['many'] }),
        400,
        'Filter 1 (Sessions NUMERIC_GREATER_THAN) compares numbers, and \\"many\\" is not a number.',
      ],
      [
        filtered({ field: 'sessions', operator: 'NUMERIC_LESS_THAN', values: [] }),
        400,
        'Filter 1 (Sessions NUMERIC_LESS_THAN) needs exactly one value; it has none.',
      ],
      [
        filtered({ field: 'campaign', operator: 'EQUALS', values: [] }),
        400,
        'Filter 1 (Campaign EQUALS) needs exactly one value; it has none.',
      ],
      [filtered({ field: 'campaign', operator: 'EQUALS', values: ['a', 'b'] }), 400, 'Use IN_LIST'],
      [filtered({ field: 'campaign', operator: 'IN_LIST', values: [] }), 400, 'list is empty'],
    ] as const;
    for (const [body, status, says] of cases) {
      const answer = await startJob(body);
      expect(answer.status, answer.text).toBe(status);
      expect(answer.text).toContain(says);
    }
    expect(await jobCount()).toBe(before);
    expect(ctx.reports.control.calls.length).toBe(calls);
  });

  it('filters as given start a job: a number with a thousands separator, one value to equal, a list', async () => {
    for (const filter of [
      { field: 'sessions', operator: 'NUMERIC_GREATER_THAN', values: ['1,000'] },
      { field: 'sessions', operator: 'NUMERIC_LESS_THAN', values: ['-2.5'] },
      { field: 'campaign', operator: 'EQUALS', values: ['Campaign 2'] },
      { field: 'campaign', operator: 'IN_LIST', values: ['Campaign 1', 'Campaign 3'] },
    ]) {
      const started = await startJob(filtered(filter));
      expect(started.status, started.text).toBe(200);
    }
    await runJobs();
  });

  it('a job answers at once, runs, and its rows come back in pages, markers cleaned', async () => {
    ctx.reports.control.campaignsPerDay = 30;
    ctx.reports.control.firstSessions = 'N/A';
    const range = freshRange(10);
    const started = await startJob({
      account: accountId,
      fields: ['date', 'campaign', 'sessions', 'cost'],
      dateRange: range,
    });
    expect(started.status, started.text).toBe(200);
    expect(Object.keys(started.body).sort()).toEqual(['jobId', 'state']);
    expect(started.body.state).toBe('queued');
    const jobId = String(started.body.jobId);
    expect((await poll(jobId)).body).toMatchObject({ state: 'queued', retryAfterMs: 1000 });

    expect(await runJobs()).toEqual({ done: 1, failed: 0, retried: 0, waited: 0 });
    expect(ctx.reports.control.calls.at(-1)?.accessToken).toBe('ga-token-1');
    const first = await poll(jobId);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      state: 'done',
      fields: ['date', 'campaign', 'sessions', 'cost'],
      page: 1,
      totalRows: 300,
      nextPage: 2,
    });
    const rows = first.body.rows as unknown[][];
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual([
      range.startDate.replaceAll('-', ''),
      'Campaign 1',
      null,
      expect.any(Number),
    ]);
    expect(typeof rows[1]?.[2]).toBe('number');
    const last = await poll(jobId, 3);
    expect(last.body).toMatchObject({ page: 3, nextPage: null });
    expect((await poll(jobId, 4)).status).toBe(400);
    // Asked again, the stored result answers at once with the same first page and its next.
    const again = await startJob({
      account: accountId,
      fields: ['date', 'campaign', 'sessions', 'cost'],
      dateRange: range,
    });
    expect(again.body).toEqual(first.body);
  });

  it('an identical request within the freshness window is served from the stored result', async () => {
    const body = { account: accountId, fields: ['date', 'sessions'], dateRange: freshRange() };
    const first = await startJob(body);
    await runJobs();
    const calls = ctx.reports.control.calls.length;
    const again = await startJob(body);
    // Done at once, with the first page the poll would give.
    expect(again.body).toEqual((await poll(String(first.body.jobId))).body);
    expect(again.body).toMatchObject({ jobId: first.body.jobId, state: 'done', page: 1 });
    expect(ctx.reports.control.calls.length).toBe(calls);
    // Past the window (15 minutes by default), the provider is asked again.
    clock.advance(16 * 60 * 1000);
    const later = await startJob(body);
    expect(later.body.state).toBe('queued');
    expect(later.body.jobId).not.toBe(first.body.jobId);
  });

  it('a rate limit is retried after the provider’s wait, then the job is done', async () => {
    ctx.reports.control.failures = [new ReportError('rate_limited', 'Quota', 30_000)];
    const started = await startJob({
      account: accountId,
      fields: ['date'],
      dateRange: freshRange(),
    });
    const jobId = String(started.body.jobId);
    expect(await runJobs()).toEqual({ done: 0, failed: 0, retried: 1, waited: 0 });
    expect((await poll(jobId)).body).toMatchObject({ state: 'queued', retryAfterMs: 30_000 });
    // Not due yet: nothing runs before the wait is over.
    expect(await runJobs()).toEqual({ done: 0, failed: 0, retried: 0, waited: 0 });
    clock.advance(30_000);
    expect(await runJobs()).toEqual({ done: 1, failed: 0, retried: 0, waited: 0 });
    expect((await poll(jobId)).body.state).toBe('done');
  });

  it('an outage backs off exponentially and fails with a clear reason after the last try', async () => {
    ctx.reports.control.failures = Array.from(
      { length: 5 },
      () => new ReportError('unavailable', 'Down'),
    );
    const started = await startJob({
      account: accountId,
      fields: ['date'],
      dateRange: freshRange(),
    });
    const jobId = String(started.body.jobId);
    const waits: number[] = [];
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await runJobs()).toMatchObject({ retried: 1 });
      const job = await db()
        .selectFrom('data_jobs')
        .select('run_after')
        .where('team_id', '=', owner.team.id)
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      waits.push(job.run_after.getTime() - clock().getTime());
      clock.advance(waits.at(-1) ?? 0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(await runJobs()).toMatchObject({ failed: 1 });
    const answer = await poll(jobId);
    expect(answer.body).toEqual({
      jobId,
      state: 'failed',
      reason:
        'Google Analytics is not answering right now and did not answer after 5 tries. Refresh the report in a few minutes.',
    });
  });

  it('a credential the provider refused fails the job with where to reconnect', async () => {
    ctx.reports.control.failures = [
      new ReportError('reconnect', 'Access was revoked at Google Analytics.'),
    ];
    const started = await startJob({
      account: accountId,
      fields: ['date'],
      dateRange: freshRange(),
    });
    await runJobs();
    const answer = await poll(String(started.body.jobId));
    expect(answer.body.reason).toBe(
      `Access was revoked at Google Analytics. Reconnect Google Analytics at ${ctx.base}/data-sources`,
    );
  });

  it('reading (schema, polls) changes no data', async () => {
    const started = await startJob({
      account: accountId,
      fields: ['date'],
      dateRange: freshRange(),
    });
    await runJobs();
    const before = await everyRow(db());
    expect((await schema('google-analytics', accountId)).status).toBe(200);
    expect((await poll(String(started.body.jobId))).status).toBe(200);
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  });

  it('every request is logged for the team', async () => {
    // The log as the Stats screen reads it: one row per request, by outcome.
    const logged = await db()
      .selectFrom('data_requests')
      .select(['outcome', 'row_count'])
      .where('team_id', '=', owner.team.id)
      .where('requested_at', '>=', new Date('2026-03-01T00:00:00Z'))
      .execute();
    const totals = {
      failed: logged.filter((r) => r.outcome === 'failed').length,
      cached: logged.filter((r) => r.outcome === 'cached').length,
      rows: logged.reduce((sum, r) => sum + r.row_count, 0),
    };
    expect(totals.failed).toBeGreaterThanOrEqual(2);
    expect(totals.cached).toBeGreaterThanOrEqual(1);
    expect(totals.rows).toBeGreaterThanOrEqual(300);
    const refused = await db()
      .selectFrom('data_requests')
      .select(['outcome', 'failure_reason', 'user_id'])
      .where('team_id', '=', owner.team.id)
      .where('outcome', '=', 'refused')
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused[0]?.user_id).toBe(owner.user.id);
    const others = await db()
      .selectFrom('data_requests')
      .select('id')
      .where('team_id', '=', '00000000-0000-4000-8000-000000000000')
      .execute();
    expect(others).toEqual([]);
  });
});
