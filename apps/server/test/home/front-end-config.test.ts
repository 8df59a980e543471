import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { createTestApp, fakeIdentity, testConfig } from '../helpers/test-app.ts';

describeEachDatabase('front-end config', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({
      GTAG_IDS: 'RAVEN_GDS=G-RAVEN1',
      AMCHART_LICENSE: 'am-1',
      CHARGEBEE_SITE: 'site-1',
      DATA_API_BASE_URLS: 'uat=https://uat.example.com/api/data/v1',
      LOOKER_STUDIO_DEPLOYMENTS: 'google-ads=AKfycbGoogleAds123',
    });
    app = await createTestApp(db(), { identity: fakeIdentity(), config });
  });
  afterAll(() => app.close());

  it('getConfig answers the public values and the unit’s tag id', async () => {
    const megalytic = await call(app, ENDPOINTS.getConfig);
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
        dataApiBaseUrls: {
          production: 'http://localhost:3000/api/data/v1',
          uat: 'https://uat.example.com/api/data/v1',
        },
        // A deployment links to Looker Studio's connector creation; in demo mode every other
        // connector with a report fetcher links to the sample connector's documentation, and a
        // connector without one (deprecated) has no link.
        lookerStudioUrls: expect.objectContaining({
          'google-ads':
            'https://lookerstudio.google.com/datasources/create?connectorId=AKfycbGoogleAds123',
          'google-analytics': 'http://localhost:3000/connectors/looker-studio',
        }) as unknown,
      },
    });
    const urls = (megalytic.json() as { config: { lookerStudioUrls: Record<string, string> } })
      .config.lookerStudioUrls;
    expect(urls).not.toHaveProperty('avanser');
    const raven = await call(app, ENDPOINTS.getConfig, { unit: 'RAVEN_GDS' });
    expect(raven.json()).toMatchObject({ config: { gTagId: 'G-RAVEN1' } });
  });

  it('the sample connector’s documentation is linked on the host of the brand asking', async () => {
    for (const [unit, host] of [
      ['RAVEN_GDS', 'raven.localhost:3000'],
      ['TAPCLICKS_GDS', 'tapclicks.localhost:3000'],
    ] as const) {
      const urls = (await call(app, ENDPOINTS.getConfig, { unit })).json().config.lookerStudioUrls;
      expect(urls['google-analytics']).toBe(`http://${host}/connectors/looker-studio`);
      expect(urls['google-ads']).toBe(
        'https://lookerstudio.google.com/datasources/create?connectorId=AKfycbGoogleAds123',
      );
    }
  });

  it('with Google configured, config names the client id and demo mode is off', async () => {
    const config = testConfig({ GOOGLE_CLIENT_ID: 'gid.apps', GOOGLE_CLIENT_SECRET: 's' });
    const google = await createTestApp(db(), { config });
    const response = await call(google, ENDPOINTS.getConfig);
    expect(response.json()).toMatchObject({
      config: { GOOGLE_CLIENT_ID: 'gid.apps', demoMode: false },
    });
    // and no sandbox is mounted
    expect(
      (await google.inject({ url: '/sandbox/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    await google.close();
  });

  it('config answers the timed-check intervals and the return-address allow-list as set', async () => {
    const config = testConfig({
      LOGIN_CHECK_INTERVAL_SECONDS: '30',
      TOKEN_CHECK_INTERVAL_SECONDS: '90',
      GDS_REDIRECT_ALLOWLIST: 'https://tool.example',
    });
    const custom = await createTestApp(db(), { config });
    const response = await call(custom, ENDPOINTS.getConfig);
    expect(response.json()).toMatchObject({
      config: {
        loginCheckIntervalMs: 30_000,
        tokenCheckIntervalMs: 90_000,
        gdsRedirectAllowlist: ['https://tool.example/'],
      },
    });
    await custom.close();
  });
});
