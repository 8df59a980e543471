import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@gds/contract';
import type { BusinessUnit, ProfileUser, Team } from '@gds/contract';
import { expect } from 'vitest';
import { call } from './contract-call.ts';
import type { FakeIdentity } from './test-app.ts';
import { sessionCookieOf } from './test-app.ts';

export interface SignedIn {
  cookie: string;
  user: ProfileUser;
  team: Team;
}

/** Starts sign-in and returns the pre-login cookie and the state the IdP would send back. */
export async function startSignIn(
  app: FastifyInstance,
  unit: BusinessUnit = 'MEGALYTIC_GDS',
  cookie?: string,
) {
  const response = await call(app, ENDPOINTS.login, { query: { nextUrl: 'Team' }, unit, cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { authUri } = response.json();
  const state = new URL(authUri).searchParams.get('state') ?? '';
  return { cookie: sessionCookieOf(response) ?? cookie ?? '', state, authUri };
}

/** The whole sign-in through the fake identity provider, as a given email. */
export async function signIn(
  app: FastifyInstance,
  identity: FakeIdentity,
  email: string,
  unit: BusinessUnit = 'MEGALYTIC_GDS',
): Promise<SignedIn> {
  const started = await startSignIn(app, unit);
  identity.claims = { email, givenName: email.split('@')[0] ?? '', familyName: 'Tester' };
  const response = await call(app, ENDPOINTS.loginCallback, {
    query: { code: 'ok', state: started.state },
    unit,
    cookie: started.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('no session cookie after sign-in');
  return { cookie, user: body.user, team: body.team };
}
