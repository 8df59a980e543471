import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { seedLogin } from '../helpers/connections.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

const NOW = new Date('2026-03-20T09:50:00Z');
const THIS_HOUR = new Date('2026-03-20T09:00:00Z');
const LAST_HOUR = new Date('2026-03-20T08:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

function quotaHour(
  teamId: string,
  accountId: string,
  reading: {
    hour?: Date;
    quota?: string;
    window?: 'hour' | 'day' | 'call';
    spent?: number | null;
    remaining?: number | null;
    largestCall?: number | null;
    usedPct?: number | null;
    blockedUntil?: Date | null;
  },
) {
  return {
    team_id: teamId,
    account_id: accountId,
    hour: reading.hour ?? THIS_HOUR,
    quota: reading.quota ?? 'tokensPerHour',
    quota_window: reading.window ?? 'hour',
    calls: 1,
    spent: reading.spent ?? null,
    largest_call: reading.largestCall ?? null,
    remaining: reading.remaining ?? null,
    used_pct: reading.usedPct ?? null,
    blocked_until: reading.blockedUntil ?? null,
    updated_at: minutes(-5),
  };
}

async function logRequest(
  db: Db,
  who: SignedIn,
  accountId: string,
  requestedAt: Date,
  kinds: string[],
) {
  await db
    .insertInto('data_requests')
    .values({
      team_id: who.team.id,
      user_id: who.user.id,
      connector_id: 1,
      account_id: accountId,
      job_id: null,
      requested_at: requestedAt,
      outcome: 'done',
      row_count: 10,
      duration_ms: 100,
      notices: JSON.stringify(kinds.map((kind) => ({ kind, message: `${kind} figures` }))),
    })
    .execute();
}

/**
 * The flags the Data Sources screen shows on an account row, from recorded quota readings and
 * the notices of logged data requests: only accounts with something to flag, only the team's.
 */
describeEachDatabase('account flags', (db) => {
  const identity = fakeIdentity();
  const clock = testClock(NOW);
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;
  let near: string, waiting: string, noticed: string, fine: string, theirs: string;

  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock });
    owner = await signIn(app, identity, 'flags-owner@example.com');
    other = await signIn(app, identity, 'flags-other@example.com');
    [near, waiting, noticed, fine] = (await seedLogin(db(), owner.team.id, { accounts: 4 }))
      .accountIds as [string, string, string, string];
    [theirs] = (await seedLogin(db(), other.team.id, { accounts: 1 })).accountIds as [string];
    await db()
      .insertInto('provider_quota_hours')
      .values([
        // 850 of the hour's 1,000 tokens spent: 85 %, though 150 is many calls of 5.
        quotaHour(owner.team.id, near, { spent: 850, remaining: 150, largestCall: 5 }),
        // The provider shut the account out for half an hour.
        quotaHour(owner.team.id, waiting, {
          quota: 'rate_limit',
          window: 'call',
          blockedUntil: minutes(30),
        }),
        // Spent out last hour: this hour's quota is whole again.
        quotaHour(owner.team.id, noticed, { hour: LAST_HOUR, remaining: 0, largestCall: 5 }),
        quotaHour(owner.team.id, fine, { spent: 100, remaining: 900, largestCall: 5 }),
        // Another team's account, shut out and sampled: never in this team's answer.
        quotaHour(other.team.id, theirs, {
          quota: 'rate_limit',
          window: 'call',
          blockedUntil: minutes(60),
        }),
      ])
      .execute();
    await logRequest(db(), owner, noticed, days(-1), ['sampled', 'thresholded']);
    await logRequest(db(), owner, noticed, days(-2), ['sampled']);
    await logRequest(db(), owner, noticed, days(-3), ['other_row']);
    // A week and a day ago: no longer flagged.
    await logRequest(db(), owner, fine, days(-8), ['thresholded']);
    await logRequest(db(), owner, fine, days(-1), []);
    await logRequest(db(), other, theirs, days(-1), ['sampled']);
  });
  afterAll(() => app.close());

  const flags = async (who: SignedIn) => {
    const response = await call(app, ENDPOINTS.getAccountFlags, { cookie: who.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().accounts;
  };

  it("flags an account near its quota, one whose reports wait and until when, and the week's notices", async () => {
    const accounts = await flags(owner);
    const byId = new Map(accounts.map((a) => [a.accountId, a]));
    expect([...byId.keys()].sort()).toEqual([near, waiting, noticed].sort());
    expect(byId.get(near)).toEqual({
      accountId: near,
      quota: { standing: 'near', quota: 'tokens per hour', resumesAt: null },
      notices: [],
    });
    expect(byId.get(waiting)?.quota).toEqual({
      standing: 'over',
      quota: 'request rate',
      resumesAt: minutes(30).toISOString(),
    });
    const seen = byId.get(noticed);
    expect(seen?.quota).toBeNull();
    expect(seen?.notices).toEqual(
      expect.arrayContaining([
        { kind: 'sampled', requests: 2, lastAt: days(-1).toISOString() },
        { kind: 'thresholded', requests: 1, lastAt: days(-1).toISOString() },
        { kind: 'other_row', requests: 1, lastAt: days(-3).toISOString() },
      ]),
    );
    expect(seen?.notices).toHaveLength(3);
  });

  it("never answers another team's accounts", async () => {
    const mine = await flags(owner);
    expect(JSON.stringify(mine)).not.toContain(theirs);
    const theirsAnswer = await flags(other);
    expect(theirsAnswer.map((a) => a.accountId)).toEqual([theirs]);
    expect(theirsAnswer[0]?.notices.map((n) => n.kind)).toEqual(['sampled']);
  });

  it('lets a wait end: once the block is over the account is no longer flagged', async () => {
    clock.advance(31 * 60_000);
    try {
      const accounts = await flags(owner);
      expect(accounts.find((a) => a.accountId === waiting)).toBeUndefined();
    } finally {
      clock.advance(-31 * 60_000);
    }
  });
});
