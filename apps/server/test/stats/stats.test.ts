import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

const DAY = 86_400_000;

async function addCredential(db: Db, teamId: string, connectorId: number, name: string) {
  const id = randomUUID();
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: teamId,
      connector_id: connectorId,
      external_user_id: name,
      display_name: name,
      access_token_enc: 'x',
      key_version: 'v1',
      expires_at: null,
      created_by: null,
      last_refreshed_at: new Date('2026-01-04T08:00:00Z'),
      next_refresh_at: null,
      refresh_claimed_until: null,
      key_missing_since: null,
    })
    .execute();
  return id;
}

async function addAccount(
  db: Db,
  teamId: string,
  credentialId: string,
  connectorId: number,
  addedAt: Date,
  deletedAt: Date | null = null,
) {
  await db
    .insertInto('data_source_accounts')
    .values({
      team_id: teamId,
      credential_id: credentialId,
      connector_id: connectorId,
      external_id: randomUUID(),
      name: 'Account',
      added_by: null,
      added_at: addedAt,
      deleted_at: deletedAt,
    })
    .execute();
}

describeEachDatabase('stats', (db) => {
  const identity = fakeIdentity();
  // Today is 2026-01-05 (UTC); the team was made on 2026-01-01.
  const clock = testClock(new Date('2026-01-05T09:00:00Z'));
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock });
    owner = await signIn(app, identity, 'owner@example.com');
    other = await signIn(app, identity, 'other@example.com');
    await sql`UPDATE teams SET created_at = '2026-01-01T10:00:00Z' WHERE id = ${owner.team.id}`.execute(
      db(),
    );
    await addMember(db(), owner.team.id, 'member@example.com', 'Admin');
    const ga = await addCredential(db(), owner.team.id, 1, 'ga-login');
    const ads = await addCredential(db(), owner.team.id, 3, 'ads-login');
    // Two accounts on Jan 1, one more late on Jan 2 (UTC) — Jan 3 in Tokyo — one deleted Jan 4.
    await addAccount(db(), owner.team.id, ga, 1, new Date('2026-01-01T12:00:00Z'));
    await addAccount(db(), owner.team.id, ga, 1, new Date('2026-01-01T13:00:00Z'));
    await addAccount(db(), owner.team.id, ads, 3, new Date('2026-01-02T20:00:00Z'));
    await addAccount(
      db(),
      owner.team.id,
      ads,
      3,
      new Date('2026-01-01T09:00:00Z'),
      new Date('2026-01-04T09:00:00Z'),
    );
    const otherCredential = await addCredential(db(), other.team.id, 1, 'other-login');
    await addAccount(db(), other.team.id, otherCredential, 1, new Date('2026-01-01T12:00:00Z'));
  });
  afterAll(() => app.close());

  const stats = async (
    query: { from: string; to: string; timeZone: string },
    cookie = owner.cookie,
  ) => {
    const response = await call(app, ENDPOINTS.getStats, { cookie, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('counts accounts and members per day, in the asked time zone, with empty days before the team', async () => {
    const utc = await stats({ from: '2025-12-31', to: '2026-01-05', timeZone: 'UTC' });
    expect(utc.accounts.daily.map((d) => d.used)).toEqual([null, 3, 4, 4, 3, 3]);
    expect(utc.accounts.daily.map((d) => d.limit)).toEqual([null, 20, 20, 20, 20, 20]);
    expect(utc.users.daily.at(-1)).toEqual({ date: '2026-01-05', used: 2, limit: 5 });
    // In Tokyo the Jan 2 20:00 UTC account arrives on Jan 3.
    const tokyo = await stats({ from: '2026-01-01', to: '2026-01-03', timeZone: 'Asia/Tokyo' });
    expect(tokyo.accounts.daily.map((d) => d.used)).toEqual([3, 3, 4]);
    expect(utc.accounts).toMatchObject({ used: 3, limit: 20 });
    expect(utc.accounts.byConnector).toEqual([
      { connector: 'google-analytics', connectorId: 1, name: 'Google Analytics', accounts: 2 },
      { connector: 'google-ads', connectorId: 3, name: 'Google Ads', accounts: 1 },
    ]);
    expect(utc.credentials.map((l) => [l.name, l.accounts])).toEqual(
      expect.arrayContaining([
        ['ga-login', 2],
        ['ads-login', 1],
      ]),
    );
    expect(JSON.stringify(utc)).not.toContain('other-login');
  });

  it('says from which whole day data requests are still kept, in the asked time zone', async () => {
    // The log keeps 400 days: the cut falls at 2024-12-01 09:00 UTC, a day only partly kept.
    expect(testConfig().dataApi.requestRetentionDays).toBe(400);
    const range = { from: '2026-01-01', to: '2026-01-05' };
    const utc = await stats({ ...range, timeZone: 'UTC' });
    expect(utc.dataRequests.keptSince).toBe('2024-12-02');
    // In Honolulu the cut is still on Nov 30.
    const honolulu = await stats({ ...range, timeZone: 'Pacific/Honolulu' });
    expect(honolulu.dataRequests.keptSince).toBe('2024-12-01');
  });

  it('counts the calls made to data sources and the requests answered without one', async () => {
    const at = new Date('2026-01-03T10:00:00Z');
    const logged = (outcome: 'done' | 'cached' | 'failed', providerCalls: number | null) => ({
      team_id: owner.team.id,
      user_id: owner.user.id,
      connector_id: 1,
      account_id: null,
      job_id: null,
      requested_at: at,
      outcome,
      row_count: 0,
      duration_ms: 0,
      provider_calls: providerCalls,
    });
    await db()
      .insertInto('data_requests')
      .values([
        logged('done', 3),
        logged('cached', 0),
        logged('cached', 0),
        logged('failed', 1),
        // Logged before calls were counted: no calls known, and none saved.
        logged('done', null),
      ])
      .execute();
    const utc = await stats({ from: '2026-01-02', to: '2026-01-04', timeZone: 'UTC' });
    expect(utc.dataRequests.totals).toMatchObject({ requests: 5, providerCalls: 4, callsSaved: 2 });
    expect(utc.dataRequests.daily.map((d) => [d.providerCalls, d.callsSaved])).toEqual([
      [0, 0],
      [4, 2],
      [0, 0],
    ]);
  });

  it('refuses ranges that are backwards, too long, or in an unknown time zone', async () => {
    for (const query of [
      { from: '2026-01-05', to: '2026-01-01', timeZone: 'UTC' },
      { from: '2024-01-01', to: '2026-01-01', timeZone: 'UTC' },
      { from: '2026-01-01', to: '2026-01-05', timeZone: 'Mars/Olympus' },
      { from: '2026-02-30', to: '2026-03-05', timeZone: 'UTC' },
    ]) {
      const response = await call(app, ENDPOINTS.getStats, { cookie: owner.cookie, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('keeps the recorded history after accounts are gone, and shows a limit change on its days', async () => {
    await backgroundJobs(app).purge(); // runs the hourly usage snapshot too
    const today = await db()
      .selectFrom('team_usage_days')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(today).toMatchObject([{ day: '2026-01-05', accounts_used: 3, users_used: 2 }]);
    // An older day's snapshot says 10 accounts of a 10-account limit: it wins over counting.
    await db()
      .insertInto('team_usage_days')
      .values({
        team_id: owner.team.id,
        day: '2026-01-02',
        accounts_used: 10,
        account_limit: 10,
        users_used: 1,
        user_limit: 5,
      })
      .execute();
    const range = await stats({ from: '2026-01-01', to: '2026-01-05', timeZone: 'UTC' });
    expect(range.accounts.daily.map((d) => [d.used, d.limit])).toEqual([
      [3, 10],
      [10, 10],
      [4, 20],
      [3, 20],
      [3, 20],
    ]);
    clock.advance(DAY);
    await backgroundJobs(app).purge();
    await backgroundJobs(app).purge();
    const days = await db()
      .selectFrom('team_usage_days')
      .select('day')
      .where('team_id', '=', owner.team.id)
      .orderBy('day')
      .execute();
    expect(days.map((d) => d.day)).toEqual(['2026-01-02', '2026-01-05', '2026-01-06']);
  });
});
