import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { REPO_ROOT } from './paths.ts';

const KEY = `v1:${Buffer.alloc(32, 7).toString('base64')}`;
const CHARGEBEE = {
  CHARGEBEE_SITE: 'gds',
  CHARGEBEE_API_KEY: 'live_key',
  CHARGEBEE_WEBHOOK_USERNAME: 'hook',
  CHARGEBEE_WEBHOOK_PASSWORD: 'hook-password',
};

const load = (env: Record<string, string>) => loadConfig(env);
const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('config', () => {
  it('has working defaults for a newcomer (demo mode, data under the repo root)', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      sandbox: true,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      google: undefined,
      sessionIdleSeconds: 7200,
      amchartLicense: '',
      chargebeeSite: '',
      gtagIds: {},
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.skinHosts).toEqual({
      'raven.localhost': 'RAVEN_GDS',
      'tapclicks.localhost': 'TAPCLICKS_GDS',
    });
    expect(config.appOrigins).toEqual([
      'http://localhost:3000',
      'http://raven.localhost:3000',
      'http://tapclicks.localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it('resolves a relative DATA_DIR against the repository root, not the cwd', () => {
    expect(load({ DATA_DIR: 'tmp/x' }).dataDir).toBe(path.join(REPO_ROOT, 'tmp/x'));
    expect(load({ DATA_DIR: '/var/gds' }).dataDir).toBe('/var/gds');
  });

  it('derives origins from PUBLIC_URL and SKIN_HOSTS, or takes APP_ORIGINS as given', () => {
    const config = load({
      PUBLIC_URL: 'https://app.example.com/',
      SKIN_HOSTS: 'raven.example.com=RAVEN_GDS',
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      TOKEN_ENCRYPTION_KEYS: KEY,
      ...CHARGEBEE,
    });
    expect(config.publicUrl).toBe('https://app.example.com');
    expect(config.appOrigins).toEqual(['https://app.example.com', 'https://raven.example.com']);
    expect(config.sandbox).toBe(false);
    expect(load({ APP_ORIGINS: 'https://a.example, http://b.example:8080' }).appOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });

  it('names the variable when a value is bad', () => {
    expect(failure({ PORT: 'eighty' })).toMatch(/^PORT:/);
    expect(failure({ PORT: '70000' })).toMatch(/^PORT:/);
    expect(failure({ SANDBOX: 'maybe' })).toMatch(/^SANDBOX:/);
    expect(failure({ NODE_ENV: 'staging' })).toMatch(/^NODE_ENV:/);
    expect(failure({ PUBLIC_URL: 'ftp://x' })).toMatch(/^PUBLIC_URL:/);
    expect(failure({ DATABASE_URL: 'mysql://x' })).toMatch(/^DATABASE_URL:/);
    expect(failure({ SKIN_HOSTS: 'raven.localhost=RAVEN' })).toMatch(/^SKIN_HOSTS:/);
    expect(failure({ APP_ORIGINS: 'https://a.example/path' })).toMatch(/^APP_ORIGINS:/);
    expect(failure({ GTAG_IDS: 'RAVEN_GDS' })).toMatch(/^GTAG_IDS:/);
    expect(failure({ SESSION_IDLE_SECONDS: '0' })).toMatch(/^SESSION_IDLE_SECONDS:/);
    expect(failure({ LOG_LEVEL: 'loud' })).toMatch(/^LOG_LEVEL:/);
    expect(failure({ GOOGLE_CLIENT_ID: 'only-id' })).toMatch(/^GOOGLE_CLIENT_SECRET:/);
  });

  it('production turns the sandbox off and refuses to start without Google unless SANDBOX=1', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(/SANDBOX=1/);
    expect(load({ NODE_ENV: 'production', SANDBOX: '1' }).sandbox).toBe(true);
    expect(failure({ SANDBOX: '0' })).toMatch(/GOOGLE_CLIENT_ID/);
  });

  it('production without its secrets refuses to start naming every missing one at once', () => {
    const message = failure({ NODE_ENV: 'production' });
    expect(message).toMatch(/^4 required settings are missing:/);
    expect(message).toContain('  - GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: ');
    expect(message).toContain('  - TOKEN_ENCRYPTION_KEYS: ');
    expect(message).toContain('  - PUBLIC_URL: required in production');
    expect(message).toContain(
      '  - CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME, CHARGEBEE_WEBHOOK_PASSWORD: billing needs Chargebee',
    );
    expect(
      failure({
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        TOKEN_ENCRYPTION_KEYS: KEY,
        ...CHARGEBEE,
      }),
    ).toMatch(/^PUBLIC_URL:/);
    expect(failure({ METRICS_TOKEN: 'short' })).toBe(
      'METRICS_TOKEN: must be at least 16 characters (e.g. the output of openssl rand -hex 24)',
    );
  });

  it('reads PLATFORM_ADMIN_EMAILS as lower-cased addresses, none by default', () => {
    expect(load({}).platformAdminEmails).toEqual([]);
    expect(
      load({ PLATFORM_ADMIN_EMAILS: ' Ada@Example.com, ,ops@agency.io ' }).platformAdminEmails,
    ).toEqual(['ada@example.com', 'ops@agency.io']);
    expect(failure({ PLATFORM_ADMIN_EMAILS: 'ada@example.com,ops' })).toMatch(
      /^PLATFORM_ADMIN_EMAILS: "ops" is not an email address/,
    );
  });

  it('reads GTAG_IDS per unit and TRUST_PROXY', () => {
    const config = load({ GTAG_IDS: 'RAVEN_GDS=G-ABC123', TRUST_PROXY: '1' });
    expect(config.gtagIds).toEqual({ RAVEN_GDS: 'G-ABC123' });
    expect(config.trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('data sources: connector registrations, token keys, allow-list, timings', () => {
    const config = load({
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID: 'ga-id',
      CONNECTOR_GOOGLE_ANALYTICS_CLIENT_SECRET: 'ga-secret',
      CONNECTOR_ETSY_CLIENT_ID: 'etsy-keystring',
      TOKEN_ENCRYPTION_KEYS: `${KEY},v2:${Buffer.alloc(32, 9).toString('base64')}`,
      GDS_REDIRECT_ALLOWLIST: 'https://tool.example, https://script.google.com/macros/',
      LOGIN_CHECK_INTERVAL_SECONDS: '60',
    });
    expect(config.connectorCredentials).toEqual({
      'google-analytics': { clientId: 'ga-id', clientSecret: 'ga-secret' },
      etsy: { clientId: 'etsy-keystring', clientSecret: '' },
    });
    expect(config.tokenKeys?.map((k) => k.version)).toEqual(['v1', 'v2']);
    expect(config.gdsRedirectAllowlist).toEqual([
      'https://tool.example/',
      'https://script.google.com/macros/',
    ]);
    expect(config.loginCheckIntervalMs).toBe(60_000);
    expect(load({})).toMatchObject({
      tokenKeys: undefined,
      connectorTimeoutMs: 10_000,
      dataSourceRetentionDays: 30,
      tokenCheckIntervalMs: 600_000,
      gdsRedirectAllowlist: [
        'https://lookerstudio.google.com/',
        'https://datastudio.google.com/',
        'https://script.google.com/macros/',
      ],
    });
  });

  it('with the sandbox off, names every Chargebee setting missing; demo mode needs none', () => {
    const live = {
      SANDBOX: '0',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      TOKEN_ENCRYPTION_KEYS: KEY,
    };
    expect(failure(live)).toBe(
      'CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME, CHARGEBEE_WEBHOOK_PASSWORD: billing needs Chargebee when the sandbox is off; set them, or SANDBOX=1 for the built-in billing sandbox',
    );
    expect(failure({ ...live, ...CHARGEBEE, CHARGEBEE_WEBHOOK_PASSWORD: '' })).toMatch(
      /^CHARGEBEE_WEBHOOK_PASSWORD: billing needs Chargebee .*; set it,/,
    );
    expect(load({ ...live, ...CHARGEBEE }).chargebee).toEqual({
      apiKey: 'live_key',
      webhookUsername: 'hook',
      webhookPassword: 'hook-password',
    });
    expect(load({}).chargebee).toBeUndefined();
    expect(load({}).trialDays).toBe(14);
    expect(load({ TRIAL_DAYS: '30' }).trialDays).toBe(30);
  });

  it('refuses half a connector registration, bad keys, and no keys with the sandbox off', () => {
    expect(failure({ CONNECTOR_HUBSPOT_ANALYTICS_CLIENT_ID: 'x' })).toMatch(
      /^CONNECTOR_HUBSPOT_ANALYTICS_CLIENT_SECRET:/,
    );
    expect(
      failure({ CONNECTOR_GOOGLE_ADS_CLIENT_ID: 'x', CONNECTOR_GOOGLE_ADS_CLIENT_SECRET: 'y' }),
    ).toMatch(/^CONNECTOR_GOOGLE_ADS_DEVELOPER_TOKEN:/);
    expect(failure({ TOKEN_ENCRYPTION_KEYS: 'v1:short' })).toMatch(/^TOKEN_ENCRYPTION_KEYS:/);
    expect(failure({ TOKEN_ENCRYPTION_KEYS: `${KEY},${KEY}` })).toMatch(/unique/);
    expect(failure({ GDS_REDIRECT_ALLOWLIST: 'javascript:x' })).toMatch(/^GDS_REDIRECT_ALLOWLIST:/);
    expect(
      failure({ SANDBOX: '0', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', ...CHARGEBEE }),
    ).toMatch(/^TOKEN_ENCRYPTION_KEYS:/);
  });
});
