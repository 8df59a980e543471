import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { describeEachDatabase } from './helpers/each-database.ts';
import { everyRow } from './helpers/every-row.ts';
import { seedLogin } from './helpers/connections.ts';
import { signIn } from './helpers/sign-in.ts';
import type { SignedIn } from './helpers/sign-in.ts';
import { api, createTestApp, fakeIdentity, testClock } from './helpers/test-app.ts';

/**
 * The GETs allowed to change data, by name, nothing else: the sign-in callback consumes its
 * single-use state (docs/adr/0002), and starting a connection makes one (docs/adr/0008).
 */
const EXEMPT = new Set<string>([ENDPOINTS.loginCallback.name, ENDPOINTS.startConnection.name]);

/**
 * Every row but the rate-limit counters: a rate-limited GET (an invitation link's page) counts
 * the request itself, which is bookkeeping about requests, not data a GET changes.
 */
async function data(db: Parameters<typeof everyRow>[0]) {
  const { rate_limits: _counters, ...rows } = await everyRow(db);
  return rows;
}

describeEachDatabase('no GET changes data (RELIABILITY 7)', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  beforeAll(async () => {
    // A fixed clock: session activity bookkeeping (last_seen_at) stays put during the test.
    app = await createTestApp(db(), { identity, clock: testClock() });
    owner = await signIn(app, identity, 'reader@example.com');
    await seedLogin(db(), owner.team.id, { userId: owner.user.id });
  });
  afterAll(() => app.close());

  it('every GET endpoint, signed in and signed out, leaves every table as it was', async () => {
    const gets = Object.values(ENDPOINTS as Record<string, Endpoint>).filter(
      (e) => e.method === 'GET' && !EXEMPT.has(e.name),
    );
    expect(gets.length).toBeGreaterThan(3);
    const before = await data(db());
    for (const endpoint of gets) {
      for (const cookie of [owner.cookie, undefined]) {
        const response = await api(app, { url: endpoint.path, cookie });
        expect(response.statusCode).toBeLessThan(500);
      }
    }
    expect(await data(db())).toEqual(before);
  });
});
