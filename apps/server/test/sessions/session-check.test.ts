import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

const MINUTE = 60_000;

describeEachDatabase('getSession (timed sign-in check)', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), {
      identity,
      clock,
      config: testConfig({ SESSION_IDLE_SECONDS: '1800' }),
    });
  });
  afterAll(() => app.close());

  const session = (cookie?: string) => call(app, ENDPOINTS.getSession, { cookie });

  it('answers when the session ends, absolute and idle', async () => {
    const { cookie } = await signIn(app, identity, 'checker@example.com');
    const signedInAt = clock().getTime();
    const response = await session(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      expiresAt: new Date(signedInAt + 12 * 60 * MINUTE).toISOString(),
      idleExpiresAt: new Date(signedInAt + 30 * MINUTE).toISOString(),
    });
  });

  it('does not extend the idle timer: polling alone lets the session end (440)', async () => {
    const { cookie } = await signIn(app, identity, 'idle-poller@example.com');
    const firstEnd = (await session(cookie)).json().idleExpiresAt;
    for (let i = 0; i < 5; i += 1) {
      clock.advance(5 * MINUTE);
      const polled = await session(cookie);
      expect(polled.statusCode).toBe(200);
      expect(polled.json().idleExpiresAt).toBe(firstEnd);
    }
    clock.advance(6 * MINUTE);
    expect((await session(cookie)).statusCode).toBe(440);
  });

  it('other requests are activity: they move idleExpiresAt forward', async () => {
    const { cookie } = await signIn(app, identity, 'active@example.com');
    const before = (await session(cookie)).json().idleExpiresAt;
    clock.advance(10 * MINUTE);
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie })).statusCode).toBe(200);
    const after = (await session(cookie)).json().idleExpiresAt;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(10 * MINUTE);
  });

  it('signed out: 401', async () => {
    expect((await session()).statusCode).toBe(401);
  });
});
