import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, ENDPOINTS, PLAN_OPTIONS } from '@gds/contract';
import { LOGIN_STATE_TTL_MS } from '../../src/modules/sign-in/sign-in.service.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn, startSignIn } from '../helpers/sign-in.ts';
import {
  createTestApp,
  fakeIdentity,
  sessionCookieOf,
  testClock,
  testConfig,
} from '../helpers/test-app.ts';

describeEachDatabase('sign-in', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock });
  });
  afterAll(() => app.close());

  const callback = (
    state: string,
    cookie?: string,
    extra: Record<string, string> = { code: 'ok' },
  ) => call(app, ENDPOINTS.loginCallback, { query: { ...extra, state }, cookie });

  it('login answers the provider address with PKCE-bound state and a pre-login cookie', async () => {
    const started = await startSignIn(app);
    expect(started.authUri).toContain(
      'redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Flogin%2Fcallback',
    );
    expect(started.state).toMatch(/.{20,}/);
    expect(started.cookie).toMatch(/^gds_session=/);
  });

  it('first sign-in creates the user, a team of the unit with default roles, as Super Admin', async () => {
    const { user, team } = await signIn(app, identity, 'Ann.First@Example.com', 'RAVEN_GDS');
    expect(user).toMatchObject({ email: 'Ann.First@Example.com', roleName: 'Super Admin' });
    expect(user.permissions).toEqual(DEFAULT_ROLES[0]?.permissions);
    expect(team).toMatchObject({
      businessUnit: 'RAVEN_GDS',
      name: "Ann.First's team",
      planId: 'raven-v1-basic-plan',
      userLimit: PLAN_OPTIONS.RAVEN_GDS.users.default,
      accountLimit: PLAN_OPTIONS.RAVEN_GDS.accounts.default,
    });
    const roles = await db()
      .selectFrom('roles')
      .select('name')
      .where('team_id', '=', team.id)
      .execute();
    expect(roles.map((r) => r.name).sort()).toEqual(DEFAULT_ROLES.map((r) => r.name).sort());
  });

  it('signing in again finds the same user and team (email case-insensitive, per unit)', async () => {
    const first = await signIn(app, identity, 'same@example.com');
    const again = await signIn(app, identity, 'SAME@example.com');
    expect(again.user.id).toBe(first.user.id);
    expect(again.team.id).toBe(first.team.id);
    const otherUnit = await signIn(app, identity, 'same@example.com', 'TAPCLICKS_GDS');
    expect(otherUnit.team.id).not.toBe(first.team.id);
  });

  it('stores the partner key as the team referral', async () => {
    const login = await call(app, ENDPOINTS.login, { form: { partnerKey: 'partner-42' } });
    const state = new URL(login.json().authUri).searchParams.get('state') ?? '';
    identity.claims = { email: 'referred@example.com' };
    const done = await callback(state, sessionCookieOf(login));
    expect(done.statusCode).toBe(200);
    const team = await db()
      .selectFrom('teams')
      .select('referral_partner_key')
      .where('id', '=', done.json().team.id)
      .executeTakeFirstOrThrow();
    expect(team.referral_partner_key).toBe('partner-42');
    expect(done.json().nextUrl).toBeNull();
  });

  it('rotates the session: the pre-login cookie no longer works, the new one does', async () => {
    const started = await startSignIn(app);
    identity.claims = { email: 'rotate@example.com' };
    const done = await callback(started.state, started.cookie);
    const fresh = sessionCookieOf(done);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(started.cookie);
    const info = (cookie: string | undefined) => call(app, ENDPOINTS.getTeamInfo, { cookie });
    expect((await info(fresh)).statusCode).toBe(200);
    expect((await info(started.cookie)).statusCode).toBe(401);
    expect(done.json().nextUrl).toBe('Team');
  });

  describe('state is single-use, expires, and is bound to the session (no token call otherwise)', () => {
    it('a used state is refused', async () => {
      const started = await startSignIn(app);
      expect((await callback(started.state, started.cookie)).statusCode).toBe(200);
      const calls = identity.tokenCalls;
      const again = await callback(started.state, started.cookie);
      expect(again.statusCode).toBe(400);
      expect(again.error()).toMatchObject({ code: 'LOGIN_FAILED' });
      expect(identity.tokenCalls).toBe(calls);
    });

    it('an expired state is refused', async () => {
      const started = await startSignIn(app);
      clock.advance(LOGIN_STATE_TTL_MS + 1000);
      const calls = identity.tokenCalls;
      const response = await callback(started.state, started.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.error().message).toMatch(/expired or was already used/);
      expect(identity.tokenCalls).toBe(calls);
    });

    it("another browser's session cannot use the state", async () => {
      const victim = await startSignIn(app);
      const attacker = await startSignIn(app);
      const calls = identity.tokenCalls;
      expect((await callback(victim.state, attacker.cookie)).statusCode).toBe(400);
      expect((await callback(victim.state, undefined)).statusCode).toBe(400);
      expect(identity.tokenCalls).toBe(calls);
      // and the rightful owner can still finish
      expect((await callback(victim.state, victim.cookie)).statusCode).toBe(200);
    });

    it('a missing state, a made-up state and a provider error are refused', async () => {
      const started = await startSignIn(app);
      const calls = identity.tokenCalls;
      const stateless = await call(app, ENDPOINTS.loginCallback, {
        query: { code: 'x' },
        cookie: started.cookie,
      });
      expect(stateless.statusCode).toBe(400);
      expect((await callback('made-up', started.cookie)).statusCode).toBe(400);
      const denied = await callback(started.state, started.cookie, { error: 'access_denied' });
      expect(denied.statusCode).toBe(400);
      expect(denied.error()).toMatchObject({ code: 'LOGIN_FAILED' });
      expect(identity.tokenCalls).toBe(calls);
    });
  });

  it('refuses an identity without a verified email', async () => {
    const started = await startSignIn(app);
    identity.claims = { email: 'unverified@example.com', emailVerified: false };
    const response = await callback(started.state, started.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.error()).toMatchObject({ code: 'LOGIN_FAILED' });
    identity.claims = undefined;
  });
});

describeEachDatabase('sign-in edge cases', (db) => {
  it('refuses to start sign-in from a host that is not an app origin', async () => {
    const app = await createTestApp(db(), { identity: fakeIdentity() });
    const response = await call(app, ENDPOINTS.login, { host: 'evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.error()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    await app.close();
  });

  it('an unreachable identity provider is a 502 with a retryable message, and nothing is stored', async () => {
    // The real provider, pointed at a closed local port.
    const config = testConfig({ PORT: '9', PUBLIC_URL: 'http://127.0.0.1:9' });
    const app = await createTestApp(db(), { config });
    const states = await db().selectFrom('oauth_states').select('state_hash').execute();
    const response = await call(app, ENDPOINTS.login, { host: '127.0.0.1:9' });
    expect(response.statusCode).toBe(502);
    expect(response.error()).toMatchObject({ code: 'BAD_GATEWAY' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await db().selectFrom('oauth_states').select('state_hash').execute()).toEqual(states);
    await app.close();
  });
});
