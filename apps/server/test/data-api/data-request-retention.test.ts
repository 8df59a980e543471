import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import type { Db } from '../../src/db/database.ts';
import { purgeDataRequests } from '../../src/modules/data-api/data-request-log.ts';
import { call } from '../helpers/contract-call.ts';
import { seedReportLogin } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** Logs one data request per age (in days) for the team, answering their ids oldest first. */
async function logRequests(db: Db, teamId: string, ages: readonly number[]) {
  const rows = await db
    .insertInto('data_requests')
    .values(
      ages.map((age) => ({
        team_id: teamId,
        user_id: null,
        connector_id: 1,
        account_id: null,
        job_id: null,
        requested_at: daysAgo(age),
        row_count: 10,
        duration_ms: 100,
        outcome: 'done' as const,
        failure_reason: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

const agesLeft = async (db: Db, teamId: string) =>
  (
    await db
      .selectFrom('data_requests')
      .select('requested_at')
      .where('team_id', '=', teamId)
      .orderBy('requested_at', 'desc')
      .execute()
  ).map((row) => Math.round((NOW.getTime() - row.requested_at.getTime()) / DAY));

describeEachDatabase('data request log retention', (db, kind, another) => {
  const identity = fakeIdentity();
  const clock = testClock(NOW);
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    // The default retention: 400 days.
    app = await createTestApp(db(), { identity, clock });
    owner = await signIn(app, identity, 'retention-owner@example.com');
    other = await signIn(app, identity, 'retention-other@example.com');
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await db().deleteFrom('data_requests').execute();
  });

  it('the hourly purge deletes requests past the retention in every team and keeps the year Stats shows', async () => {
    await logRequests(db(), owner.team.id, [0, 30, 364, 399, 401, 800]);
    await logRequests(db(), other.team.id, [2, 402, 1000]);

    await backgroundJobs(app).purge();

    expect(await agesLeft(db(), owner.team.id)).toEqual([0, 30, 364, 399]);
    expect(await agesLeft(db(), other.team.id)).toEqual([2]);
    // The Stats screen's longest range (12 months) still counts every request in it.
    const year = await call(app, ENDPOINTS.getStats, {
      cookie: owner.cookie,
      query: { from: '2025-06-02', to: '2026-06-01', timeZone: 'UTC' },
    });
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json().dataRequests.totals).toMatchObject({ requests: 3, rows: 30 });
  });

  it('deletes a large backlog batch by batch, oldest first, and a run with nothing to do changes nothing', async () => {
    await logRequests(db(), owner.team.id, [401, 402, 403, 404, 405, 406, 407, 1]);
    const purge = (signal?: AbortSignal) =>
      purgeDataRequests({ db: db(), clock, retentionDays: 400, batchSize: 3 }, signal);

    const stopped = new AbortController();
    stopped.abort();
    expect(await purge(stopped.signal)).toBe(0);
    expect(await agesLeft(db(), owner.team.id)).toHaveLength(8);

    expect(await purge()).toBe(7);
    expect(await agesLeft(db(), owner.team.id)).toEqual([1]);
    expect(await purge()).toBe(0);
    expect(await agesLeft(db(), owner.team.id)).toEqual([1]);
  });

  it.runIf(kind === 'postgres')(
    'an instance purging skips the entries another instance is purging, instead of waiting for it',
    async () => {
      const ids = await logRequests(db(), owner.team.id, [410, 420, 430, 440]);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another instance's purge holds the two oldest entries in its open batch.
      const other = db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .selectFrom('data_requests')
            .select('id')
            .where('team_id', '=', owner.team.id)
            .where('id', 'in', ids.slice(0, 2))
            .forUpdate()
            .execute();
          locked();
          await held;
        });
      await isLocked;
      const purged = await purgeDataRequests({
        db: another() ?? db(),
        clock,
        retentionDays: 400,
      });
      release();
      await other;
      expect(purged).toBe(2);
      expect(await agesLeft(db(), owner.team.id)).toEqual([410, 420]);
    },
  );

  it('purges expired report results with their pages, a batch of jobs at a time, and keeps the rest', async () => {
    const accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    const job = (expiresAt: Date) => ({
      team_id: owner.team.id,
      user_id: owner.user.id,
      connector_id: 1,
      account_id: accountId,
      request_key: `key-${expiresAt.getTime()}`,
      request: JSON.stringify({}),
      state: 'done' as const,
      page_size: 100,
      run_after: daysAgo(1),
      created_at: daysAgo(1),
      finished_at: daysAgo(1),
      expires_at: expiresAt,
    });
    // More expired jobs than one batch deletes.
    const jobs = await db()
      .insertInto('data_jobs')
      .values([
        ...Array.from({ length: 120 }, () => job(new Date(NOW.getTime() - 60_000))),
        job(new Date(NOW.getTime() + 60_000)),
      ])
      .returning(['id', 'expires_at'])
      .execute();
    await db()
      .insertInto('data_job_pages')
      .values(jobs.map((j) => ({ job_id: j.id, team_id: owner.team.id, page: 1, rows: '[]' })))
      .execute();

    await backgroundJobs(app).purge();

    const left = await db()
      .selectFrom('data_jobs')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .execute();
    const kept = jobs.find((j) => j.expires_at > NOW)?.id;
    expect(left.map((j) => j.id)).toEqual([kept]);
    const pages = await db()
      .selectFrom('data_job_pages')
      .select('job_id')
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(pages.map((p) => p.job_id)).toEqual([kept]);
  });
});
