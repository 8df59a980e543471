import { describe, expect, it } from 'vitest';
import {
  CONNECTORS,
  connectorListFromMap,
  findConnector,
  findConnectorByName,
} from './connectors.ts';

describe('connectors catalog (spec §9)', () => {
  it('has about 26 connectors with unique ids and identifiers', () => {
    expect(CONNECTORS.length).toBeGreaterThanOrEqual(26);
    expect(new Set(CONNECTORS.map((c) => c.id)).size).toBe(CONNECTORS.length);
    expect(new Set(CONNECTORS.map((c) => c.nameSimple)).size).toBe(CONNECTORS.length);
  });
  it('keeps the numeric ids the spec names', () => {
    expect(findConnector(1)?.name).toBe('Google Analytics');
    expect(findConnector(3)?.name).toBe('Google Ads');
    expect(findConnector(39)?.nameSimple).toBe('facebook-ads');
    expect(findConnectorByName('etsy')?.id).toBe(18);
  });
  it('marks exactly ids 1, 3, 12, 13, 19 as Google-type', () => {
    expect(CONNECTORS.filter((c) => c.googleType).map((c) => c.id)).toEqual([1, 3, 12, 13, 19]);
  });
  it('marks the deprecated, beta and add-on connectors', () => {
    const names = (pick: (c: (typeof CONNECTORS)[number]) => boolean) =>
      CONNECTORS.filter(pick)
        .map((c) => c.nameSimple)
        .sort();
    expect(names((c) => c.deprecated)).toEqual(['apex-chat', 'avanser', 'call-tracking-metrics']);
    expect(names((c) => c.beta)).toEqual(['mailchimp']);
    expect(names((c) => c.addon)).toEqual([
      'bing-ads',
      'facebook-ads',
      'facebook-insights',
      'hubspot-analytics',
      'linkedin-ads',
      'linkedin-pages',
    ]);
  });
  it('gives every form-login connector at least one login field', () => {
    for (const c of CONNECTORS.filter((c) => c.auth === 'form')) {
      expect(c.loginFields?.length, c.name).toBeGreaterThan(0);
    }
  });
});

describe('connectorListFromMap (spec §3)', () => {
  it('sets the id from the key and sorts by name, case-insensitive', () => {
    const list = connectorListFromMap({
      '3': { name: 'beta' },
      '1': { name: 'Alpha' },
      '2': { name: 'Charlie' },
    });
    expect(list).toEqual([
      { name: 'Alpha', id: 1 },
      { name: 'beta', id: 3 },
      { name: 'Charlie', id: 2 },
    ]);
  });
});

describe('connector provider addresses (catalog as data)', () => {
  const live = CONNECTORS.filter((c) => !c.deprecated);
  const requests = (c: (typeof CONNECTORS)[number]) =>
    [c.api?.verify, c.api?.identity.request, c.api?.accounts.request].filter(
      (r) => r !== undefined,
    );

  it('every connector that can be connected has its auth, identity and account lookups', () => {
    for (const c of live) {
      expect(c.api, c.name).toBeDefined();
      if (c.auth === 'oauth2') {
        expect(c.api?.oauth2, c.name).toBeDefined();
        expect(c.api?.identity.request, `${c.name} identity call`).toBeDefined();
      } else {
        expect(c.api?.verify, c.name).toBeDefined();
      }
    }
    expect(CONNECTORS.filter((c) => c.deprecated && c.api)).toEqual([]);
  });

  it('talks https only, and Google-type connectors use Google’s OAuth with offline access', () => {
    for (const c of live) {
      const urls = [
        c.api?.oauth2?.authorizeUrl,
        c.api?.oauth2?.tokenUrl,
        c.api?.oauth2?.revokeUrl,
        ...requests(c).map((r) => r.url),
      ].filter((u) => u !== undefined);
      for (const url of urls) expect(url, c.name).toMatch(/^https:\/\/[a-z0-9.-]+\//);
    }
    for (const c of CONNECTORS.filter((c) => c.googleType)) {
      expect(c.api?.oauth2).toMatchObject({
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        revokeUrl: 'https://oauth2.googleapis.com/revoke',
        pkce: true,
        authorizeParams: { access_type: 'offline', prompt: 'consent' },
      });
      const scopes = c.api?.oauth2?.scopes ?? [];
      expect(scopes.filter((s) => s.startsWith('https://')).length, c.name).toBeGreaterThan(0);
    }
  });

  it('never puts a secret in a URL; placeholders name known values or login fields', () => {
    for (const c of live) {
      const fields = c.loginFields ?? [];
      const secret = new Set([
        'accessToken',
        'developerToken',
        ...fields.filter((f) => f.type === 'password').map((f) => f.fieldName),
      ]);
      const known = new Set([...secret, 'clientId', ...fields.map((f) => f.fieldName)]);
      for (const request of requests(c)) {
        const inUrl = [...request.url.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
        for (const name of inUrl) expect(secret.has(name), `${c.name} URL {${name}}`).toBe(false);
        const all = [...JSON.stringify(request).matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
        for (const name of all) expect(known.has(name), `${c.name} {${name}}`).toBe(true);
      }
    }
  });
});
