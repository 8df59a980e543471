import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import {
  browserWith,
  callback,
  callbackLocation,
  consent,
  startConnect,
  startSandboxApp,
} from '../helpers/connections.ts';
import { setPermissionsExcept } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

/**
 * Connection callbacks: a bad state makes no call to the token endpoint and stores
 * nothing; a code sent to another provider's callback is refused; PKCE is checked; a provider
 * failing or hanging gives a clear, retryable error within the timeout and no half-made login.
 */
describeEachDatabase('connection callbacks: state, PKCE, provider failures', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock, env: { CONNECTOR_TIMEOUT_MS: '600' } });
    owner = await signIn(ctx.app, ctx.identity, 'guarded@example.com');
  });
  afterAll(() => ctx.app.close());
  afterEach(() => ctx.control.heal());

  const stored = async () => ({
    credentials: await db()
      .selectFrom('data_source_credentials')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .execute(),
    accounts: await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .execute(),
  });
  const tokenCalls = () => ctx.control.count('token');

  /** Up to the provider's redirect back to us (code and state in hand). */
  async function approved(connectorId = 1, cookie = owner.cookie) {
    const start = await startConnect(ctx, cookie, { integration_type: String(connectorId) });
    return consent(browserWith(cookie), start.authUri ?? '');
  }

  it('a missing or unknown state: no token call, nothing stored', async () => {
    const calls = tokenCalls();
    const before = await stored();
    const back = new URL(await approved());
    for (const query of ['code=abc', `code=abc&state=${'x'.repeat(43)}`]) {
      const result = await callback(
        browserWith(owner.cookie),
        `${back.origin}${back.pathname}?${query}`,
      );
      expect(result.status).toBe('error');
      expect(result.error).toBe(
        'This connection attempt has expired or was already used. Please connect again.',
      );
    }
    expect(tokenCalls()).toBe(calls);
    expect(await stored()).toEqual(before);
  });

  it('a state is single-use: replaying the provider’s redirect changes nothing', async () => {
    const back = await approved();
    expect((await callback(browserWith(owner.cookie), back)).status).toBe('connected');
    const calls = tokenCalls();
    const before = await stored();
    expect((await callback(browserWith(owner.cookie), back)).status).toBe('error');
    expect(tokenCalls()).toBe(calls);
    expect(await stored()).toEqual(before);
  });

  it('a state is bound to the browser session: another session (or none) cannot use it', async () => {
    const back = await approved();
    const again = await signIn(ctx.app, ctx.identity, 'guarded@example.com'); // same user, new session
    const stranger = await signIn(ctx.app, ctx.identity, 'stranger@example.com');
    const calls = tokenCalls();
    const before = await stored();
    for (const cookie of [again.cookie, stranger.cookie]) {
      expect((await callback(browserWith(cookie), back)).status).toBe('error');
    }
    // No session: nothing to bind an outcome to, so the page gets no result id at all.
    const anonymous = await callbackLocation(browserWith('gds_session=none'), back);
    expect(anonymous.search).toBe('');
    expect(tokenCalls()).toBe(calls);
    expect(await stored()).toEqual(before);
  });

  it('a state expires after 10 minutes', async () => {
    const back = await approved();
    clock.advance(10 * 60 * 1000 + 1);
    const calls = tokenCalls();
    expect((await callback(browserWith(owner.cookie), back)).status).toBe('error');
    expect(tokenCalls()).toBe(calls);
  });

  it('a code sent to another provider’s callback is refused, and its state is used up', async () => {
    const back = new URL(await approved(1));
    const calls = tokenCalls();
    const before = await stored();
    const elsewhere = `${back.origin}/oauth/google-ads/callback${back.search}`;
    const result = await callback(browserWith(owner.cookie), elsewhere);
    expect(result).toMatchObject({ status: 'error', connector: 3 });
    expect((await callback(browserWith(owner.cookie), back.toString())).status).toBe('error');
    expect(tokenCalls()).toBe(calls);
    expect(await stored()).toEqual(before);
  });

  it('PKCE: a code redeemed with another verifier is refused by the provider; nothing stored', async () => {
    const back = await approved(1);
    await db()
      .updateTable('oauth_states')
      .set({ code_verifier: 'a'.repeat(43) })
      .where('purpose', '=', 'connect')
      .where('used_at', 'is', null)
      .execute();
    const before = await stored();
    const result = await callback(browserWith(owner.cookie), back);
    expect(result.error).toBe('Google Analytics did not accept the connection. Please try again.');
    expect(await stored()).toEqual(before);
  });

  it('a member who lost the permission meanwhile cannot finish', async () => {
    const member = await signIn(ctx.app, ctx.identity, 'demoted@example.com');
    const back = await approved(1, member.cookie);
    await setPermissionsExcept(db(), member.user.id, ['manage_data_sources']);
    const calls = tokenCalls();
    const result = await callback(browserWith(member.cookie), back);
    expect(result.error).toBe('You do not have permission to connect data sources.');
    expect(tokenCalls()).toBe(calls);
  });

  it.each([
    [
      'token',
      'fail',
      'Google Analytics is not available right now. Please try again in a few minutes.',
    ],
    ['token', 'hang', 'Google Analytics did not answer in time. Please try again.'],
    [
      'userinfo',
      'fail',
      'Google Analytics is not available right now. Please try again in a few minutes.',
    ],
    ['userinfo', 'hang', 'Google Analytics did not answer in time. Please try again.'],
    [
      'accounts',
      'fail',
      'Google Analytics is not available right now. Please try again in a few minutes.',
    ],
    ['accounts', 'hang', 'Google Analytics did not answer in time. Please try again.'],
  ] as const)(
    'the provider’s %s endpoint failing (%s): clear retryable error in time, nothing stored',
    async (kind, fault, message) => {
      const back = await approved(1);
      const before = await stored();
      if (fault === 'fail') ctx.control.fail(kind, 503);
      else ctx.control.hang(kind);
      const startedAt = Date.now();
      const result = await callback(browserWith(owner.cookie), back);
      expect(Date.now() - startedAt).toBeLessThan(600 + 1500);
      expect(result).toEqual({
        status: 'error',
        connector: 1,
        credentialName: null,
        accountsAdded: 0,
        accountsSkipped: 0,
        redirectUri: null,
        error: message,
      });
      expect(await stored()).toEqual(before);
    },
  );
});
