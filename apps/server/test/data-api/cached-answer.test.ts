import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import type { DataField } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import type { Db } from '../../src/db/database.ts';
import type { ReportAccount, ReportFetchers } from '../../src/modules/reports/report-fetcher.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { testReportFetchers } from '../helpers/report-fetcher.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

/** Counts every statement the app runs through the handle (raw ones included). */
function counted(db: Db): { db: Db; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => {
      statements += 1;
      return Promise.resolve(result);
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

/**
 * A job answered from a stored result is the data path's hottest request: the account, the
 * fresh job and its log row are one statement, next to the token, the grant and the rate-limit
 * counters. Nothing is cached between requests, so a deleted account is refused at once.
 */
describeEachDatabase('data API: a cached job', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const reports = testReportFetchers();
  /** Set to drop the cost field from the schema (the account's fields changed). */
  let withoutCost = false;
  /** Set to list each account's fields from the provider's metadata, as GA4 does. */
  let metadata = false;
  let metadataReads = 0;
  const fetchers: ReportFetchers = {
    find: (connector) => {
      const fetcher = reports.fetchers.find(connector);
      if (!fetcher) return undefined;
      const schema = (account: ReportAccount) => {
        const documented = fetcher.schema(account);
        if (!withoutCost) return documented;
        return { ...documented, fields: documented.fields.filter((f) => f.id !== 'cost') };
      };
      const readFields = (account: ReportAccount) => {
        metadataReads += 1;
        return Promise.resolve([...schema(account).fields]);
      };
      return { ...fetcher, schema, ...(metadata ? { readFields } : {}) };
    },
  };
  let ctx: DataApiContext;
  let owner: SignedIn;
  let token: string;
  let statements: () => number;
  let ranges = 0;

  beforeAll(async () => {
    const recorder = counted(db());
    statements = recorder.count;
    ctx = await startDataApiApp(recorder.db, { clock, reportFetchers: fetchers });
    owner = await signIn(ctx.app, ctx.identity, 'cached-owner@example.com');
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  const newAccount = async () => (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  /** A request nobody asked for yet. */
  const request = (account: string, fields = ['date', 'sessions']) => {
    ranges += 1;
    const day = `2026-02-${String(ranges).padStart(2, '0')}`;
    return { account, fields, dateRange: { startDate: day, endDate: day } };
  };
  const startJob = (body: Record<string, unknown>) =>
    dataCall(ctx.base, token, DATA_API.createJob, { json: body });
  /** Runs the request once and lets the worker store its result. */
  const stored = async (body: Record<string, unknown>) => {
    const first = await startJob(body);
    expect(first.body.state, first.text).toBe('queued');
    await backgroundJobs(ctx.app).runDataJobs();
    return String(first.body.jobId);
  };
  const logOf = (jobId: string | null) =>
    db()
      .selectFrom('data_requests')
      .select(['outcome', 'row_count', 'failure_reason', 'user_id', 'job_id'])
      .where('team_id', '=', owner.team.id)
      .where((eb) => (jobId ? eb('job_id', '=', jobId) : eb('job_id', 'is', null)))
      .execute();

  const firstPage = (jobId: string) =>
    dataCall(ctx.base, token, DATA_API.pollJob, { params: { jobId }, query: { page: 1 } });

  it('answers from the stored result, its first page included, in four statements and logs it as cached', async () => {
    const body = request(await newAccount());
    const jobId = await stored(body);
    // The first use in a minute also records the grant's last use; measure the one after.
    await startJob(body);
    const before = statements();
    const answer = await startJob(body);
    expect(answer.status, answer.text).toBe(200);
    // Access token, grant with its member, the grant's and team's rate-limit counters (one
    // statement), and account + job + its first page + log row. No job starts, so the
    // account's job budget is not counted.
    expect(statements() - before).toBe(4);
    // The done answer is the poll's first page: the chart needs no other call.
    expect(answer.body).toEqual((await firstPage(jobId)).body);
    expect(answer.body).toMatchObject({ jobId, state: 'done', page: 1, totalRows: 3 });
    expect(answer.body.rows).toHaveLength(3);
    const cached = (await logOf(jobId)).filter((r) => r.outcome === 'cached');
    expect(cached).toHaveLength(2);
    expect(cached[0]).toMatchObject({ row_count: 3, user_id: owner.user.id });
  });

  it('answers from the stored result in four statements when the fields come from metadata', async () => {
    metadata = true;
    try {
      const body = request(await newAccount());
      const jobId = await stored(body);
      await startJob(body);
      const reads = metadataReads;
      const before = statements();
      const answer = await startJob(body);
      expect(answer.body).toMatchObject({ jobId, state: 'done', totalRows: 3 });
      // The stored field list's time comes with the account: the list this process holds is
      // not read (and parsed) again.
      expect(statements() - before).toBe(4);
      expect(metadataReads).toBe(reads);
    } finally {
      metadata = false;
    }
  });

  it('answers the schema in four statements from the held list, and a refreshed list at once', async () => {
    metadata = true;
    try {
      const account = await newAccount();
      const schema = () =>
        dataCall(ctx.base, token, DATA_API.schema, {
          params: { connector: 'google-analytics' },
          query: { account },
        });
      const first = await schema();
      expect(first.status, first.text).toBe(200);
      const reads = metadataReads;
      const before = statements();
      const warm = await schema();
      // Access token, grant with its member, the rate-limit counters, and the account with its
      // stored field list's time: the list this process holds is not read again.
      expect(statements() - before).toBe(4);
      expect(metadataReads).toBe(reads);
      expect(warm.text).toBe(first.text);
      const fieldsOf = (answer: typeof warm) => answer.body.fields as DataField[];
      const ids = (answer: typeof warm) => fieldsOf(answer).map((f) => f.id);
      expect(ids(warm)).toContain('sessions');
      // Another instance stores a newer list (a custom metric made since): the next answer has it.
      const stored = await db()
        .selectFrom('account_field_catalogues')
        .select('fields')
        .where('team_id', '=', owner.team.id)
        .where('account_id', '=', account)
        .executeTakeFirstOrThrow();
      const added = {
        id: 'customEvent_signups',
        name: 'Sign-ups',
        description: 'A custom metric made since.',
        concept: 'METRIC',
        type: 'NUMBER',
        aggregation: 'SUM',
      };
      await db()
        .updateTable('account_field_catalogues')
        .set({
          fields: JSON.stringify([...stored.fields, added]),
          fetched_at: new Date(clock().getTime() + 1000),
        })
        .where('team_id', '=', owner.team.id)
        .where('account_id', '=', account)
        .execute();
      const refreshed = await schema();
      expect(refreshed.status, refreshed.text).toBe(200);
      expect(ids(refreshed)).toEqual([...ids(warm), 'customEvent_signups']);
      expect(fieldsOf(refreshed).at(-1)).toEqual({
        id: 'customEvent_signups',
        name: 'Sign-ups',
        description: 'A custom metric made since.',
        semantics: { conceptType: 'METRIC', semanticType: 'NUMBER' },
        dataType: 'NUMBER',
        aggregation: 'SUM',
      });
    } finally {
      metadata = false;
    }
  });

  it('reads a page of a done job in four statements', async () => {
    const jobId = await stored(request(await newAccount()));
    const poll = () =>
      dataCall(ctx.base, token, DATA_API.pollJob, { params: { jobId }, query: { page: 1 } });
    await poll();
    const before = statements();
    const answer = await poll();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ state: 'done', totalRows: 3, nextPage: null });
    // Access token, grant with its member, the rate-limit counters, and the job with its page.
    expect(statements() - before).toBe(4);
  });

  it('refuses a deleted account on the very next call, and logs no answer for it', async () => {
    const account = await newAccount();
    const body = request(account);
    const jobId = await stored(body);
    expect((await startJob(body)).status).toBe(200);
    await db()
      .updateTable('data_source_accounts')
      .set({ deleted_at: clock() })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', account)
      .execute();
    const refused = await startJob(body);
    expect(refused.status, refused.text).toBe(404);
    expect((refused.body.error as { message: string }).message).toContain('deleted');
    expect((await logOf(jobId)).filter((r) => r.outcome === 'cached')).toHaveLength(1);
  });

  it('refuses a stored request the account’s fields no longer allow, logged as refused', async () => {
    const body = request(await newAccount(), ['date', 'cost']);
    const jobId = await stored(body);
    withoutCost = true;
    try {
      const refused = await startJob(body);
      expect(refused.status, refused.text).toBe(400);
      expect((refused.body.error as { message: string }).message).toContain('no field cost');
    } finally {
      withoutCost = false;
    }
    // The worker's own run is logged 'done'; the refused request logged no answer.
    expect((await logOf(jobId)).map((r) => r.outcome)).toEqual(['done']);
    const refusals = (await logOf(null)).filter((r) =>
      (r.failure_reason ?? '').includes('no field cost'),
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      outcome: 'refused',
      row_count: 0,
      user_id: owner.user.id,
      job_id: null,
    });
    expect(refusals[0]?.failure_reason).toContain('Refresh the data source');
  });

  it('refuses another team’s account', async () => {
    const other = await signIn(ctx.app, ctx.identity, 'cached-other@example.com');
    const theirs = (await seedReportLogin(db(), other.team.id)).accountIds[0] ?? '';
    const answer = await startJob(request(theirs));
    expect(answer.status, answer.text).toBe(404);
  });
});
