import { PostgresQueryCompiler } from 'kysely';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import type { Db } from '../../src/db/database.ts';
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

/** What each statement on the stored pages read: its SQL and the rows it answered. */
interface PagesRead {
  sql: string;
  rows: unknown[];
}

/**
 * `db` with every statement that reads stored pages recorded, with the rows it answered: those
 * built per call (seen by a plugin) and those compiled once and sent as compiled statements
 * (namedStatement, seen where they are executed).
 */
function recordPageReads(db: Db): { db: Db; reads: PagesRead[] } {
  const compiler = new PostgresQueryCompiler();
  const pending = new Map<unknown, string>();
  const reads: PagesRead[] = [];
  const readsPages = (sql: string) => sql.includes('"data_job_pages"') && sql.startsWith('select');
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const { sql } = compiler.compileQuery(node, queryId);
      if (readsPages(sql)) pending.set(queryId, sql);
      return node;
    },
    transformResult: ({ result, queryId }) => {
      const sql = pending.get(queryId);
      if (sql !== undefined) reads.push({ sql, rows: [...result.rows] });
      pending.delete(queryId);
      return Promise.resolve(result);
    },
  };
  const recording = db.withPlugin(plugin);
  const execute = recording.executeQuery.bind(recording);
  recording.executeQuery = async <R>(query: CompiledQuery<R>) => {
    const result = await execute(query);
    if (readsPages(query.sql)) reads.push({ sql: query.sql, rows: [...result.rows] });
    return result;
  };
  return { db: recording, reads };
}

/**
 * A connector reads a large result page by page; the server must hold one page at a time, not
 * the result. Each poll reads exactly its own page from the database and sends it as stored.
 */
describeEachDatabase('data API: a poll reads one stored page', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  let ctx: DataApiContext;
  let reads: PagesRead[];
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    const recorder = recordPageReads(db());
    reads = recorder.reads;
    ctx = await startDataApiApp(recorder.db, { clock, env: { DATA_API_PAGE_SIZE: '100' } });
    const owner = await signIn(ctx.app, ctx.identity, 'poll-pages@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  it('each page of a 1,000-row result is one row read from the database, sent as stored', async () => {
    // 40 campaigns a day for 25 days: 1,000 rows, ten pages of 100.
    ctx.reports.control.campaignsPerDay = 40;
    const started = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: {
        account: accountId,
        fields: ['date', 'campaign', 'sessions'],
        dateRange: { startDate: '2026-02-01', endDate: '2026-02-25' },
      },
    });
    expect(started.status, started.text).toBe(200);
    expect(await backgroundJobs(ctx.app).runDataJobs()).toMatchObject({ done: 1 });
    const jobId = String(started.body.jobId);

    let rows = 0;
    for (let page: number | null = 1; page !== null;) {
      reads.length = 0;
      const current: number = page;
      const answer = await dataCall(ctx.base, token, DATA_API.pollJob, {
        params: { jobId },
        query: { page: current },
      });
      expect(answer.status, answer.text).toBe(200);
      const sent = answer.body.rows as unknown[][];
      expect(sent.length).toBeLessThanOrEqual(100);
      // One statement (the job with its page), one stored page: never the pages around it.
      expect(reads).toHaveLength(1);
      expect(reads[0]?.rows).toHaveLength(1);
      const stored = (reads[0]?.rows[0] as { page_rows: string | unknown[] }).page_rows;
      expect(typeof stored === 'string' ? JSON.parse(stored) : stored).toEqual(sent);
      rows += sent.length;
      page = (answer.body.nextPage as number | null) ?? null;
    }
    expect(rows).toBe(1000);
  });
});
