import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_CONNECTORS } from '@gds/contract/providers';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { api, createTestApp, fakeIdentity, testConfig } from '../helpers/test-app.ts';

type ConnectorMap = Record<
  string,
  { allowed: boolean; nameSimple: string; loginFields?: unknown[] }
>;

describeEachDatabase('front-end config and connector catalog', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({
      GTAG_IDS: 'RAVEN_GDS=G-RAVEN1',
      AMCHART_LICENSE: 'am-1',
      CHARGEBEE_SITE: 'site-1',
    });
    app = await createTestApp(db(), { identity, config });
  });
  afterAll(() => app.close());

  it('GET /api/home/config answers the public values and the unit’s tag id', async () => {
    const megalytic = await api(app, { url: '/api/home/config' });
    expect(megalytic.json()).toEqual({
      config: {
        GOOGLE_CLIENT_ID: '',
        AMCHART_LICENSE: 'am-1',
        CHARGEBEE_SITE: 'site-1',
        gTagId: '',
        demoMode: true,
        loginCheckIntervalMs: 300_000,
        tokenCheckIntervalMs: 600_000,
        gdsRedirectAllowlist: [
          'https://lookerstudio.google.com/',
          'https://datastudio.google.com/',
          'https://script.google.com/macros/',
        ],
        chatWidget: null,
      },
    });
    const raven = await api(app, { url: '/api/home/config', unit: 'RAVEN_GDS' });
    expect(raven.json()).toMatchObject({ config: { gTagId: 'G-RAVEN1' } });
  });

  it('with Google configured, config names the client id and demo mode is off', async () => {
    const config = testConfig({ GOOGLE_CLIENT_ID: 'gid.apps', GOOGLE_CLIENT_SECRET: 's' });
    const google = await createTestApp(db(), { config });
    const response = await api(google, { url: '/api/home/config' });
    expect(response.json()).toMatchObject({
      config: { GOOGLE_CLIENT_ID: 'gid.apps', demoMode: false },
    });
    // and no sandbox is mounted
    expect(
      (await google.inject({ url: '/sandbox/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    await google.close();
  });

  it('signed out, only allowed connectors: no deprecated ones, no add-ons', async () => {
    const response = await api(app, { url: '/api/dataSources/connectorConfig' });
    expect(response.statusCode).toBe(200);
    const map = response.json<ConnectorMap>();
    const names = Object.values(map).map((c) => c.nameSimple);
    expect(names).toContain('google-analytics');
    expect(names).not.toContain('apex-chat');
    expect(names).not.toContain('facebook-ads');
    expect(Object.values(map).every((c) => c.allowed)).toBe(true);
    expect(map['11']?.loginFields).toHaveLength(2);
  });

  it('all=true lists the whole catalog with allowed flags', async () => {
    const map = (
      await api(app, { url: '/api/dataSources/connectorConfig?all=true' })
    ).json<ConnectorMap>();
    expect(Object.keys(map)).toHaveLength(PROVIDER_CONNECTORS.length);
    expect(map['39']).toMatchObject({ nameSimple: 'facebook-ads', allowed: false });
    expect(map['15']).toMatchObject({ nameSimple: 'apex-chat', allowed: false });
  });

  it('a team with an add-on is allowed that connector', async () => {
    const owner = await signIn(app, identity, 'addons@example.com');
    await db()
      .updateTable('teams')
      .set({ addons: JSON.stringify(['facebook-ads']) })
      .where('id', '=', owner.team.id)
      .execute();
    const map = (
      await api(app, { url: '/api/dataSources/connectorConfig', cookie: owner.cookie })
    ).json<ConnectorMap>();
    expect(map['39']).toMatchObject({ allowed: true });
    expect(map['4']).toBeUndefined();
  });

  it('config answers the timed-check intervals and the return-address allow-list as set', async () => {
    const config = testConfig({
      LOGIN_CHECK_INTERVAL_SECONDS: '30',
      TOKEN_CHECK_INTERVAL_SECONDS: '90',
      GDS_REDIRECT_ALLOWLIST: 'https://tool.example',
    });
    const custom = await createTestApp(db(), { config });
    const response = await api(custom, { url: '/api/home/config' });
    expect(response.json()).toMatchObject({
      config: {
        loginCheckIntervalMs: 30_000,
        tokenCheckIntervalMs: 90_000,
        gdsRedirectAllowlist: ['https://tool.example/'],
      },
    });
    await custom.close();
  });

  it('in demo mode every connectable connector goes through the sandbox, unless configured', async () => {
    const config = testConfig({
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID: 'ga-client',
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_SECRET: 'ga-secret',
    });
    const demo = await createTestApp(db(), { config });
    const response = await api(demo, { url: '/api/dataSources/connectorConfig?all=true' });
    const map = response.json<Record<string, ConnectorMap[string] & { sandbox: boolean }>>();
    expect(map['1']).toMatchObject({ allowed: true, sandbox: false });
    expect(map['3']).toMatchObject({ allowed: true, sandbox: true });
    expect(map['11']).toMatchObject({ allowed: true, sandbox: true });
    // Provider addresses and registrations stay on the server.
    expect(response.body).not.toMatch(/tokenUrl|authorizeUrl|googleapis|ga-client|ga-secret/);
    await demo.close();
  });

  it('with the sandbox off, only configured OAuth connectors (and form logins) are allowed', async () => {
    const config = testConfig({
      SANDBOX: '0',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      TOKEN_ENCRYPTION_KEYS: `v1:${Buffer.alloc(32, 3).toString('base64')}`,
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID: 'ga-client',
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_SECRET: 'ga-secret',
    });
    const live = await createTestApp(db(), { config });
    const map = (await api(live, { url: '/api/dataSources/connectorConfig?all=true' })).json<
      Record<string, { allowed: boolean; sandbox: boolean }>
    >();
    expect(map['1']).toEqual(expect.objectContaining({ allowed: true, sandbox: false }));
    expect(map['3']).toEqual(expect.objectContaining({ allowed: false, sandbox: false }));
    expect(map['11']).toEqual(expect.objectContaining({ allowed: true, sandbox: false }));
    expect((await live.inject({ url: '/sandbox/providers/console' })).statusCode).toBe(404);
    await live.close();
  });
});
