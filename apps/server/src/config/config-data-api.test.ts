import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://app.example.com' };

describe('data API and Looker Studio settings', () => {
  it('defaults: production served by this server, no OAuth client, no deployments', () => {
    const config = loadConfig(base);
    expect(config.dataApi.baseUrls).toEqual({
      production: 'https://app.example.com/api/data/v1',
    });
    expect(config.dataApi.pageSize).toBe(5000);
    expect(config.dataApi.freshnessMs).toBe(15 * 60 * 1000);
    expect(config.dataApi.requestRetentionDays).toBe(400);
    expect(config.lookerStudio.client).toBeUndefined();
    expect(config.lookerStudio.createUrl).toBe(
      'https://lookerstudio.google.com/datasources/create?connectorId=',
    );
  });

  it('reads environments, the client with its Apps Script redirect, and deployments', () => {
    const config = loadConfig({
      ...base,
      DATA_API_BASE_URLS:
        'uat=https://uat.example.com/api/data/v1/, qa=https://qa.example.com/api/data/v1',
      LOOKER_STUDIO_CLIENT_ID: 'looker',
      LOOKER_STUDIO_CLIENT_SECRET: 'x'.repeat(32),
      LOOKER_STUDIO_SCRIPT_IDS: 'AKfycbScript123',
      LOOKER_STUDIO_DEPLOYMENTS: 'google-ads=AKfycbDeploy123',
    });
    expect(config.dataApi.baseUrls.uat).toBe('https://uat.example.com/api/data/v1');
    expect(config.dataApi.baseUrls.qa).toBe('https://qa.example.com/api/data/v1');
    expect(config.lookerStudio.client?.redirectUris).toEqual([
      'https://script.google.com/macros/d/AKfycbScript123/usercallback',
    ]);
    expect(config.lookerStudio.deployments).toEqual({ 'google-ads': 'AKfycbDeploy123' });
  });

  it('keeps the data request log at least as long as the Stats screen reaches back', () => {
    expect(loadConfig({ ...base, DATA_REQUEST_RETENTION_DAYS: '730' }).dataApi).toMatchObject({
      requestRetentionDays: 730,
    });
    expect(() => loadConfig({ ...base, DATA_REQUEST_RETENTION_DAYS: '90' })).toThrow(
      /DATA_REQUEST_RETENTION_DAYS: must be at least 366: the Stats screen shows up to a year/,
    );
  });

  it('refuses bad values, naming the variable and never echoing the secret', () => {
    expect(() =>
      loadConfig({ ...base, DATA_API_BASE_URLS: 'staging=https://x.example.com' }),
    ).toThrow(/DATA_API_BASE_URLS: "staging" is not an environment/);
    expect(() => loadConfig({ ...base, DATA_API_BASE_URLS: 'uat=http://x.example.com' })).toThrow(
      /must be an https:\/\/ URL/,
    );
    expect(() =>
      loadConfig({ ...base, LOOKER_STUDIO_DEPLOYMENTS: 'nope=AKfycbDeploy123' }),
    ).toThrow(/LOOKER_STUDIO_DEPLOYMENTS: "nope" is not a connector/);
    expect(() => loadConfig({ ...base, LOOKER_STUDIO_CLIENT_ID: 'looker' })).toThrow(
      /LOOKER_STUDIO_CLIENT_SECRET: required/,
    );
    const short = 'short-secret-value';
    try {
      loadConfig({
        ...base,
        LOOKER_STUDIO_CLIENT_ID: 'looker',
        LOOKER_STUDIO_CLIENT_SECRET: short,
      });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain('LOOKER_STUDIO_CLIENT_SECRET');
      expect(String(error)).not.toContain(short);
    }
    expect(() =>
      loadConfig({
        ...base,
        LOOKER_STUDIO_CLIENT_ID: 'looker',
        LOOKER_STUDIO_CLIENT_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/LOOKER_STUDIO_SCRIPT_IDS/);
  });
});
