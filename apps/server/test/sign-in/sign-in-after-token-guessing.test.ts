import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import {
  createTestApp,
  fakeIdentity,
  sessionCookieOf,
  testClock,
  testConfig,
} from '../helpers/test-app.ts';

/**
 * A whole office can sit behind one address. Someone there guessing invitation or client-link
 * tokens runs into the links' own per-address limits, never into sign-in's: everyone else at
 * that address still signs in.
 */
const LIMIT = 3;
const config = testConfig({
  RATE_LIMIT_SIGN_IN_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_INVITATION_LINKS_PER_MINUTE: String(LIMIT),
  RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE: String(LIMIT),
  TRUST_PROXY: 'true',
});

const OFFICE = { 'x-forwarded-for': '198.51.100.40' };
const guess = () => randomBytes(32).toString('base64url');

describeEachDatabase('token guessing and signing in', (db) => {
  const identity = fakeIdentity();
  const clock = testClock(new Date('2026-01-05T09:00:15Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, identity, clock });
  });
  afterAll(() => app.close());

  it('any number of guessed invitation and client-link tokens from one address leaves signing in from it untouched', async () => {
    // A signed-in guesser (signed in elsewhere) can also try tokens on the accept call.
    const guesser = await signIn(app, identity, 'guesser@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 10 * LIMIT; i += 1) {
      const answers = await Promise.all([
        call(app, ENDPOINTS.getInvitationInfo, { query: { token: guess() }, headers: OFFICE }),
        call(app, ENDPOINTS.acceptInvitation, {
          form: { token: guess() },
          cookie: guesser.cookie,
          headers: OFFICE,
        }),
        call(app, ENDPOINTS.getClientLinkInfo, { query: { token: guess() }, headers: OFFICE }),
        call(app, ENDPOINTS.startClientConnection, {
          form: { token: guess(), email: 'client@example.com' },
          headers: OFFICE,
        }),
        call(app, ENDPOINTS.getClientConnectionResult, {
          query: { id: guess() },
          headers: OFFICE,
        }),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    // The guessing itself was limited: it met the links' 429 long before it stopped.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(5 * 8 * LIMIT);
    expect(statuses).not.toContain(200);

    // A colleague at the same address signs in: start and callback both answer.
    const started = await call(app, ENDPOINTS.login, {
      query: { nextUrl: 'Team' },
      headers: OFFICE,
    });
    expect(started.statusCode, started.body).toBe(200);
    const state = new URL(started.json().authUri).searchParams.get('state') ?? '';
    identity.claims = { email: 'colleague@example.com', givenName: 'Col', familyName: 'League' };
    const done = await call(app, ENDPOINTS.loginCallback, {
      query: { code: 'ok', state },
      cookie: sessionCookieOf(started) ?? '',
      headers: OFFICE,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe('colleague@example.com');
  });
});
