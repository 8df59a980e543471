import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { seedLogin } from '../helpers/connections.ts';
import type { StartQuery } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import {
  createTestApp,
  fakeIdentity,
  testConfig,
  CHARGEBEE_LIVE_ENV,
} from '../helpers/test-app.ts';

/** startConnection: what is refused before any state is made. */
describeEachDatabase('starting a connection: checks', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
    owner = await signIn(app, identity, 'starter@example.com');
    other = await signIn(app, identity, 'other-team@example.com');
  });
  afterAll(() => app.close());

  const start = (query: StartQuery, cookie = owner.cookie) =>
    call(app, ENDPOINTS.startConnection, { query, cookie });
  const states = async () =>
    (
      await db()
        .selectFrom('oauth_states')
        .select('state_hash')
        .where('purpose', '=', 'connect')
        .execute()
    ).length;

  it('refuses an unknown, deprecated or not-included connector with a clear message', async () => {
    expect((await start({ integration_type: 999 })).error()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This data source does not exist.',
    });
    const deprecated = await start({ integration_type: 15 });
    expect(deprecated.statusCode).toBe(403);
    expect(deprecated.error()).toMatchObject({ message: 'ApexChat can no longer be connected.' });
    const addon = await start({ integration_type: 39 });
    expect(addon.statusCode).toBe(403);
    expect(addon.error()).toMatchObject({
      message: 'Facebook Ads is not included in your plan. Add it in Billing to connect it.',
    });
  });

  it('checks masterEmail and business_unit against the session and the team', async () => {
    const wrongEmail = await start({ integration_type: 1, masterEmail: 'someone@else.example' });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'masterEmail' });
    const wrongUnit = await start({ integration_type: 1, business_unit: 'RAVEN_GDS' });
    expect(wrongUnit.error()).toMatchObject({ field: 'business_unit' });
    expect((await start({ integration_type: 1, business_unit: 'NOPE' })).statusCode).toBe(400);
  });

  it.each([
    '//evil.example/x',
    'https:evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'https://evil.example/',
    'https://lookerstudio.google.com.evil.example/',
    'https://lookerstudio.google.com@evil.example/',
    '/data-sources',
  ])('refuses the return address %j (not allow-listed) and makes no state', async (redirectUri) => {
    const before = await states();
    const response = await start({ integration_type: 1, redirectUri });
    expect(response.statusCode).toBe(400);
    expect(response.error()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This return address is not allowed',
      field: 'redirectUri',
    });
    expect(await states()).toBe(before);
  });

  it('a credentialId must be one of the team’s logins of that connector', async () => {
    const mine = await seedLogin(db(), owner.team.id, { connectorId: 1 });
    const theirs = await seedLogin(db(), other.team.id, { connectorId: 1 });
    expect((await start({ integration_type: 1, credentialId: mine.credentialId })).statusCode).toBe(
      200,
    );
    for (const credentialId of [theirs.credentialId, 'not-a-uuid']) {
      const response = await start({ integration_type: 1, credentialId });
      expect(response.statusCode).toBe(404);
    }
    expect((await start({ integration_type: 3, credentialId: mine.credentialId })).statusCode).toBe(
      404,
    );
  });

  it('a form-login connector answers the state for the form, no authUri', async () => {
    const body = (await start({ integration_type: 11 })).json();
    expect(body.authUri).toBeNull();
    expect(body.state).toMatch(/^[\w-]{43}$/);
  });

  it('lists only the caller’s team’s logins', async () => {
    await seedLogin(db(), other.team.id, { connectorId: 26, name: 'their login' });
    const mine = await seedLogin(db(), owner.team.id, { connectorId: 26, name: 'my login' });
    const body = (await start({ integration_type: 26 })).json();
    expect(body.credentials).toEqual([{ id: mine.credentialId, name: 'my login' }]);
  });

  it('with the sandbox off, a connector without credentials cannot be started', async () => {
    const config = testConfig({
      SANDBOX: '0',
      ...CHARGEBEE_LIVE_ENV,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      TOKEN_ENCRYPTION_KEYS: `v1:${Buffer.alloc(32, 5).toString('base64')}`,
    });
    const live = await createTestApp(db(), { config, identity });
    const response = await call(live, ENDPOINTS.startConnection, {
      query: { integration_type: 1 },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(403);
    expect(response.error()).toMatchObject({
      message: 'Google Analytics is not available on this server yet.',
    });
    await live.close();
  });

  it('SANDBOX_ACCOUNTS_PER_LOGIN sets how many accounts a sandbox login offers', async () => {
    const demo = await createTestApp(db(), {
      config: testConfig({ SANDBOX_ACCOUNTS_PER_LOGIN: '5' }),
      identity,
    });
    const started = await call(demo, ENDPOINTS.startConnection, {
      query: { integration_type: 1 },
      cookie: owner.cookie,
    });
    const authUri = new URL(started.json().authUri ?? '');
    const page = await demo.inject({ url: `${authUri.pathname}${authUri.search}` });
    expect(page.body.match(/type="checkbox" name="account_\d+" checked/g)).toHaveLength(5);
    await demo.close();
  });
});
