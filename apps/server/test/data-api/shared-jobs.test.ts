import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import type { DataJobQuery } from '@gds/contract';
import { createDataJobsRepository } from '../../src/modules/data-api/data-jobs.repository.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { ReportError } from '../../src/modules/reports/report-fetcher.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { whileHeld } from '../helpers/held-locks.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/**
 * A Looker Studio report runs every chart at once, and every viewer of a report shared with
 * the owner's credentials uses the same grant: identical requests arriving while one is queued
 * or running wait for it, in whichever instance they land, and the provider is asked once.
 */
const METRICS_TOKEN = 'shared-jobs-metrics-token';

describeEachDatabase(
  'data API: identical requests in flight share one job',
  (db, kind, another) => {
    let first: DataApiContext;
    let second: DataApiContext;
    let owner: SignedIn;
    let token: string;
    let accountId: string;
    let ranges = 0;

    beforeAll(async () => {
      first = await startDataApiApp(db(), { env: { METRICS_TOKEN } });
      // A second instance on the same database (its own pool on PostgreSQL), sharing the
      // first's fetchers so the test sees every provider call in one place.
      second = await startDataApiApp(another() ?? db(), {
        reportFetchers: first.reports.fetchers,
        env: { METRICS_TOKEN },
      });
      owner = await signIn(first.app, first.identity, 'shared-owner@example.com');
      accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
      token = (await authorizeConnector(first, owner.cookie)).accessToken;
    });
    afterAll(async () => {
      await second.app.close();
      await first.app.close();
    });

    /** The requests an instance's metrics say joined a job in flight. */
    const coalesced = async (ctx: DataApiContext) => {
      const response = await fetch(`${ctx.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const body = await response.text();
      const line = body.split('\n').find((l) => l.startsWith('gds_data_jobs_coalesced_total '));
      return Number(line?.split(' ')[1] ?? 0);
    };

    /** A request nobody asked for yet. */
    const newRequest = () => {
      ranges += 1;
      const day = `2026-01-${String(ranges).padStart(2, '0')}`;
      return {
        account: accountId,
        fields: ['date', 'sessions'],
        dateRange: { startDate: day, endDate: day },
      };
    };
    const post = async (ctx: DataApiContext, json: Record<string, unknown>) => {
      const answer = await dataCall(ctx.base, token, DATA_API.createJob, { json });
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    };
    /** A job as an identical request's start reads it. */
    const storedJob = (jobId: string) =>
      db()
        .selectFrom('data_jobs')
        .select(['request_key', 'finished_at', 'request', 'connector_id', 'total_rows'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
    type StoredJob = Awaited<ReturnType<typeof storedJob>>;
    /** Another start of `job`'s request at `now` (undefined: an existing job answers it). */
    const startAgain = (job: StoredJob, now: Date, freshSince: Date) =>
      createDataJobsRepository(db()).insertUnlessInFlight({
        teamId: owner.team.id,
        userId: owner.user.id,
        connectorId: job.connector_id,
        accountId,
        requestKey: job.request_key,
        request: job.request as DataJobQuery,
        pageSize: 100,
        now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        freshSince,
      });
    /** The job that answers `job`'s request at `now`, as a start that lost reads it. */
    const joinable = (job: StoredJob, now: Date, freshSince: Date) =>
      createDataJobsRepository(db()).findJoinable(owner.team.id, job.request_key, freshSince, now);
    const logOf = (jobId: string) =>
      db()
        .selectFrom('data_requests')
        .select(['outcome', 'row_count', 'provider_calls'])
        .where('team_id', '=', owner.team.id)
        .where('job_id', '=', jobId)
        .orderBy('id')
        .execute();

    it('ten identical requests at once, over two instances, make one job and one provider call', async () => {
      const body = newRequest();
      const calls = first.reports.control.calls.length;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(i % 2 === 0 ? first : second, body)),
      );
      const jobIds = new Set(answers.map((a) => a.jobId));
      expect(jobIds.size).toBe(1);
      expect(answers.every((a) => a.state === 'queued')).toBe(true);
      const jobId = String(answers[0]?.jobId);
      expect((await coalesced(first)) + (await coalesced(second))).toBe(9);
      await Promise.all([
        backgroundJobs(first.app).runDataJobs(),
        backgroundJobs(second.app).runDataJobs(),
      ]);
      expect(first.reports.control.calls.length - calls).toBe(1);
      for (const ctx of [first, second]) {
        const poll = await dataCall(ctx.base, token, DATA_API.pollJob, { params: { jobId } });
        expect(poll.body.state).toBe('done');
        expect(poll.body.totalRows).toBe(3);
      }
      // Every viewer's request is logged: one run that called the provider, nine that waited.
      const log = await logOf(jobId);
      expect(log).toHaveLength(10);
      expect(log.filter((r) => r.outcome === 'done')).toEqual([
        { outcome: 'done', row_count: 3, provider_calls: 1 },
      ]);
      expect(log.filter((r) => r.outcome === 'cached')).toHaveLength(9);
      expect(log.every((r) => r.row_count === 3)).toBe(true);
    });

    it('a request racing a job that just finished joins its result instead of starting another', async () => {
      // The service looks for a stored result first, then starts a job: a job that finishes
      // between the two must still answer the request. The start itself is where it is decided.
      const body = newRequest();
      const done = await post(first, body);
      await backgroundJobs(first.app).runDataJobs();
      const job = await storedJob(String(done.jobId));
      const finishedAt = job.finished_at ?? new Date();
      const now = new Date(finishedAt.getTime() + 1000);
      const freshSince = new Date(finishedAt.getTime() - 60_000);
      expect(await startAgain(job, now, freshSince)).toBeUndefined();
      expect(await joinable(job, now, freshSince)).toEqual({
        id: done.jobId,
        state: 'done',
        rows: job.total_rows,
      });
    });

    // Forced on PostgreSQL by holding the finishing transaction open; PGlite runs one statement
    // at a time, so there is no such moment there.
    it.runIf(kind === 'postgres')(
      'a start whose snapshot still sees the job in flight joins it while it finishes',
      async () => {
        // The job finishes (another instance's commit) after the start's statement took its
        // snapshot and before the start checks the jobs in flight: the index no longer holds the
        // job, and the snapshot does not yet show it done.
        const holder = another();
        if (!holder) throw new Error('PostgreSQL has a second pool');
        const body = newRequest();
        const queued = await post(first, body);
        const jobId = String(queued.jobId);
        const job = await storedJob(jobId);
        const now = new Date();
        const freshSince = new Date(now.getTime() - 60_000);
        const started = await whileHeld(
          holder,
          (tx) =>
            tx
              .updateTable('data_jobs')
              .set({ state: 'done', finished_at: now, total_rows: 0 })
              .where('id', '=', jobId)
              .execute(),
          () => startAgain(job, now, freshSince),
          1,
        );
        expect(started).toBeUndefined();
        expect(await joinable(job, now, freshSince)).toEqual({ id: jobId, state: 'done', rows: 0 });
      },
    );

    it('a request after a failed job starts a new one instead of sharing the failure', async () => {
      const body = newRequest();
      first.reports.control.failures = [
        new ReportError('invalid_request', 'The provider said no.'),
      ];
      const failed = await post(first, body);
      const waiting = await post(second, body);
      expect(waiting.jobId).toBe(failed.jobId);
      await backgroundJobs(first.app).runDataJobs();
      const log = await logOf(String(failed.jobId));
      expect(log.map((r) => r.outcome)).toEqual(['failed', 'failed']);

      const calls = first.reports.control.calls.length;
      const again = await post(second, body);
      expect(again.jobId).not.toBe(failed.jobId);
      expect(again.state).toBe('queued');
      await backgroundJobs(second.app).runDataJobs();
      expect(first.reports.control.calls.length - calls).toBe(1);
      const poll = await dataCall(second.base, token, DATA_API.pollJob, {
        params: { jobId: String(again.jobId) },
      });
      expect(poll.body.state).toBe('done');
    });
  },
);
