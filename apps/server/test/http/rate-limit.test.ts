import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { createDatabase } from '../../src/db/database.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import {
  CHARGEBEE_LIVE_ENV,
  createTestApp,
  fakeIdentity,
  testClock,
  testConfig,
} from '../helpers/test-app.ts';

/**
 * Rate limits: sign-in start and callback are limited per client IP and minute (429 with
 * Retry-After), counted in the database so every instance shares the count. Client IPs come
 * from X-Forwarded-For (TRUST_PROXY), as behind the real proxy.
 */
const LIMIT = 3;
const config = testConfig({ RATE_LIMIT_SIGN_IN_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' });

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many sign-in attempts. Please wait a minute and try again.',
};

const login = (app: FastifyInstance, ip: string) =>
  call(app, ENDPOINTS.login, { headers: { 'x-forwarded-for': ip } });

const callback = (app: FastifyInstance, ip: string) =>
  call(app, ENDPOINTS.loginCallback, {
    query: { code: 'ok', state: 'nope' },
    headers: { 'x-forwarded-for': ip },
  });

describeEachDatabase('sign-in rate limit', (db, kind, another) => {
  const identity = fakeIdentity();
  // 15 s into a minute: the window ends 45 s later.
  const clock = testClock(new Date('2026-01-05T09:00:15Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, identity, clock });
  });
  afterAll(() => app.close());

  const states = async () =>
    Number(
      (
        await db()
          .selectFrom('oauth_states')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the (limit+1)-th sign-in start from one IP with 429, Retry-After and no state', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await login(app, '203.0.113.1')).statusCode).toBe(200);
    }
    const before = await states();
    const refused = await login(app, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.error()).toEqual(RATE_LIMITED);
    expect(refused.cookies).toEqual([]);
    expect(await states()).toBe(before);

    // the callback shares the budget, and the provider is never asked
    const tokenCalls = identity.tokenCalls;
    const refusedCallback = await callback(app, '203.0.113.1');
    expect(refusedCallback.statusCode).toBe(429);
    expect(refusedCallback.error()).toEqual(RATE_LIMITED);
    expect(identity.tokenCalls).toBe(tokenCalls);

    // another IP is unaffected
    expect((await login(app, '203.0.113.2')).statusCode).toBe(200);
  });

  it('allows the IP again in the next window, and the hourly job purges ended windows', async () => {
    const ip = '203.0.113.3';
    for (let i = 0; i < LIMIT; i += 1) expect((await login(app, ip)).statusCode).toBe(200);
    expect((await login(app, ip)).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await login(app, ip)).statusCode).toBe(200);

    await backgroundJobs(app).purge();
    const windows = await db().selectFrom('rate_limits').select('window_start').execute();
    expect(windows.length).toBeGreaterThan(0);
    const current = clock().getTime() - (clock().getTime() % 60_000);
    for (const w of windows) expect(w.window_start.getTime()).toBe(current);
  });

  it('two instances on one database share the count', async () => {
    // On PostgreSQL each instance has its own pool (the real case); PGlite has one database.
    const bDb = kind === 'postgres' ? another() : db();
    if (!bDb) throw new Error('no second database pool');
    const b = await createTestApp(bDb, { config, identity, clock });
    try {
      const ip = '203.0.113.4';
      const answers = await Promise.all([
        login(app, ip),
        login(b, ip),
        login(app, ip),
        login(b, ip),
        login(app, ip),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await b.close();
    }
  });
});

it('with the database unreachable, a rate-limited sign-in start fails with 503 (never open)', async () => {
  const db = createDatabase({ kind: 'postgres', url: 'postgres://nobody:x@127.0.0.1:9/none' });
  // A Chargebee site keeps the sandbox billing provider (which stores its settings while the
  // app is built) out of an app whose database is down.
  const app = await createTestApp(db, {
    identity: fakeIdentity(),
    config: testConfig({ CHARGEBEE_SITE: CHARGEBEE_LIVE_ENV.CHARGEBEE_SITE }),
  });
  try {
    const response = await call(app, ENDPOINTS.login);
    expect(response.statusCode).toBe(503);
    expect(response.error().code).toBe('SERVICE_UNAVAILABLE');
  } finally {
    await app.close();
    await db.destroy();
  }
});
