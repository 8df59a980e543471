import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

const SECOND = 1000;

/**
 * The idle limit to the millisecond, and a limit shorter than a minute: activity is then
 * recorded every quarter of the limit, so a person who keeps working is never signed out.
 */
describeEachDatabase('sessions: the idle limit at its edge', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), {
      identity,
      clock,
      config: testConfig({ SESSION_IDLE_SECONDS: '40' }),
    });
  });
  afterAll(() => app.close());

  const info = (cookie: string) => call(app, ENDPOINTS.getTeamInfo, { cookie });

  it('a session idle a moment less than the limit works; idle exactly the limit it has ended', async () => {
    const early = await signIn(app, identity, 'edge-early@example.com');
    const late = await signIn(app, identity, 'edge-late@example.com');
    clock.advance(40 * SECOND - 1);
    expect((await info(early.cookie)).statusCode).toBe(200);
    clock.advance(1);
    expect((await info(late.cookie)).statusCode).toBe(440);
  });

  it('with a limit under a minute, a request every 30 seconds keeps the session going', async () => {
    const busy = await signIn(app, identity, 'edge-busy@example.com');
    for (let step = 0; step < 6; step += 1) {
      clock.advance(30 * SECOND);
      expect((await info(busy.cookie)).statusCode, `after ${(step + 1) * 30} s`).toBe(200);
    }
  });
});
