import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { seedClientLink } from '../helpers/client-links.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

/**
 * Links are made at most RATE_LIMIT_CLIENT_LINKS_PER_HOUR times per team and hour; the client's
 * page, start and result are served at most RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE times per
 * client IP and minute. Both are counted in the database, shared by every instance.
 */
const config = testConfig({
  RATE_LIMIT_CLIENT_LINKS_PER_HOUR: '2',
  RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE: '3',
  TRUST_PROXY: 'true',
});

describeEachDatabase('client link rate limits', (db) => {
  const identity = fakeIdentity();
  // 15 s into an hour: its window ends 59 min 45 s later, the minute's 45 s later.
  const clock = testClock(new Date('2026-01-05T09:00:15Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, identity, clock });
  });
  afterAll(() => app.close());

  it('a team makes at most the hourly number of links: 429 with Retry-After, nothing made', async () => {
    const owner = await signIn(app, identity, 'link-busy@example.com');
    const other = await signIn(app, identity, 'link-calm@example.com');
    const make = (cookie: string) =>
      call(app, ENDPOINTS.createClientLink, { cookie, form: { connectorId: '1' } });
    expect((await make(owner.cookie)).statusCode).toBe(200);
    expect((await make(owner.cookie)).statusCode).toBe(200);
    const refused = await make(owner.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(59 * 60 + 45));
    expect(refused.error()).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Your team has made the most client links allowed in an hour. Please try again later.',
    });
    const listed = (await call(app, ENDPOINTS.getClientLinks, { cookie: owner.cookie })).json();
    expect(listed.links).toHaveLength(2);
    // Another team has its own budget.
    expect((await make(other.cookie)).statusCode).toBe(200);
  });

  it('one IP reads links, starts and reads results at most the per-minute number of times', async () => {
    const owner = await signIn(app, identity, 'link-pages@example.com');
    const link = await seedClientLink(db(), { teamId: owner.team.id });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const ip = '203.0.113.9';
    expect(
      (await call(app, ENDPOINTS.getClientLinkInfo, { query: { token: link.token }, ...from(ip) }))
        .statusCode,
    ).toBe(200);
    const started = await call(app, ENDPOINTS.startClientConnection, {
      form: { token: link.token, email: 'c@brand.com' },
      ...from(ip),
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(
      (await call(app, ENDPOINTS.getClientConnectionResult, { query: { id: 'nope' }, ...from(ip) }))
        .statusCode,
    ).toBe(404);
    const refused = await call(app, ENDPOINTS.getClientLinkInfo, {
      query: { token: link.token },
      ...from(ip),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.error().code).toBe('RATE_LIMITED');
    // Another address is served.
    const elsewhere = await call(app, ENDPOINTS.getClientLinkInfo, {
      query: { token: link.token },
      ...from('203.0.113.10'),
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
