import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { invite, outboxFor, roleId } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

/**
 * Invitations are sent at most RATE_LIMIT_INVITATIONS_PER_HOUR times per team and hour; their
 * links are read and accepted at most RATE_LIMIT_INVITATION_LINKS_PER_MINUTE times per client
 * IP and minute. Both are counted in the database, shared by every instance.
 */
const config = testConfig({
  RATE_LIMIT_INVITATIONS_PER_HOUR: '2',
  RATE_LIMIT_INVITATION_LINKS_PER_MINUTE: '3',
  TRUST_PROXY: 'true',
});

describeEachDatabase('invitation rate limits', (db) => {
  const identity = fakeIdentity();
  // 15 s into an hour: its window ends 59 min 45 s later, the minute's 45 s later.
  const clock = testClock(new Date('2026-01-05T09:00:15Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, identity, clock });
  });
  afterAll(() => app.close());

  it('a team sends at most the hourly number of invitations (creates and resends together): 429 with Retry-After', async () => {
    const owner = await signIn(app, identity, 'busy@example.com');
    const first = await invite(app, db(), owner, 'one@example.com');
    const resent = await call(app, ENDPOINTS.resendInvitation, {
      cookie: owner.cookie,
      form: { id: first.invitation.id },
    });
    expect(resent.statusCode).toBe(200);
    const refused = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      form: { email: 'two@example.com', roleId: await roleId(db(), owner.team.id, 'Member') },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(59 * 60 + 45));
    expect(refused.error()).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Your team has sent the most invitations allowed in an hour. Please try again later.',
    });
    expect(await outboxFor(db(), 'two@example.com')).toEqual([]);

    // The hourly purge keeps a window until it has ended.
    clock.advance(5 * 60 * 1000);
    await backgroundJobs(app).purge();
    const still = await call(app, ENDPOINTS.resendInvitation, {
      cookie: owner.cookie,
      form: { id: first.invitation.id },
    });
    expect(still.statusCode).toBe(429);

    // Another team has its own count.
    const other = await signIn(app, identity, 'calm@example.com');
    await invite(app, db(), other, 'three@example.com');

    clock.advance(60 * 60 * 1000);
    const owner2 = await signIn(app, identity, 'busy@example.com');
    await invite(app, db(), owner2, 'two@example.com');
  });

  it('invitation links are read and accepted at most the per-minute number of times per IP', async () => {
    const owner = await signIn(app, identity, 'links@example.com');
    const sent = await invite(app, db(), owner, 'reader@example.com');
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    const read = () =>
      call(app, ENDPOINTS.getInvitationInfo, { query: { token: sent.token }, headers: ip });
    for (let i = 0; i < 3; i += 1) expect((await read()).statusCode).toBe(200);
    const refused = await read();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.error()).toMatchObject({ code: 'RATE_LIMITED' });
    const accept = await call(app, ENDPOINTS.acceptInvitation, {
      form: { token: sent.token },
      headers: ip,
    });
    expect(accept.statusCode).toBe(429);
    const elsewhere = await call(app, ENDPOINTS.getInvitationInfo, {
      query: { token: sent.token },
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
