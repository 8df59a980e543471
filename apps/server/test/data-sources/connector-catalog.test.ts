import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { CONNECTORS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import {
  createTestApp,
  fakeIdentity,
  testConfig,
  CHARGEBEE_LIVE_ENV,
} from '../helpers/test-app.ts';

describeEachDatabase('connector catalog', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  const catalog = async (server: FastifyInstance, all?: 'true', cookie?: string) => {
    const response = await call(server, ENDPOINTS.getConnectorConfig, {
      ...(all ? { query: { all } } : {}),
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('signed out, only allowed connectors: no deprecated ones, no add-ons', async () => {
    const map = (await catalog(app)).json();
    const names = Object.values(map).map((c) => c.nameSimple);
    expect(names).toContain('google-analytics');
    expect(names).not.toContain('apex-chat');
    expect(names).not.toContain('facebook-ads');
    expect(Object.values(map).every((c) => c.allowed)).toBe(true);
    expect(map['11']?.loginFields).toHaveLength(2);
  });

  it('all=true lists the whole catalog with allowed flags', async () => {
    const map = (await catalog(app, 'true')).json();
    expect(Object.keys(map)).toHaveLength(CONNECTORS.length);
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
    const map = (await catalog(app, undefined, owner.cookie)).json();
    expect(map['39']).toMatchObject({ allowed: true });
    expect(map['4']).toBeUndefined();
  });

  it('in demo mode every connectable connector goes through the sandbox, unless configured', async () => {
    const config = testConfig({
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID: 'ga-client',
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_SECRET: 'ga-secret',
    });
    const demo = await createTestApp(db(), { config });
    const response = await catalog(demo, 'true');
    const map = response.json();
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
      ...CHARGEBEE_LIVE_ENV,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      TOKEN_ENCRYPTION_KEYS: `v1:${Buffer.alloc(32, 3).toString('base64')}`,
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID: 'ga-client',
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_SECRET: 'ga-secret',
    });
    const live = await createTestApp(db(), { config });
    const map = (await catalog(live, 'true')).json();
    expect(map['1']).toEqual(expect.objectContaining({ allowed: true, sandbox: false }));
    expect(map['3']).toEqual(expect.objectContaining({ allowed: false, sandbox: false }));
    expect(map['11']).toEqual(expect.objectContaining({ allowed: true, sandbox: false }));
    expect((await live.inject({ url: '/sandbox/providers/console' })).statusCode).toBe(404);
    await live.close();
  });
});
