import { describe, expect, it } from 'vitest';
import { CONNECTORS } from './connectors.ts';
import type { ConnectorDefinition } from './connectors.ts';
import { PROVIDER_APIS, providerApiOf } from './providers.ts';

describe('connector provider addresses (catalog as data)', () => {
  const live = CONNECTORS.filter((c) => !c.deprecated).map((c) => ({
    ...c,
    api: providerApiOf(c),
  }));
  const requests = (c: (typeof live)[number]) =>
    [
      c.api?.verify,
      c.api?.identity.request,
      c.api?.accounts.request,
      c.api?.accountDetails?.request,
    ].filter((r) => r !== undefined);

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
    const deprecated = CONNECTORS.filter((c: ConnectorDefinition) => c.deprecated);
    expect(deprecated.filter((c) => Object.hasOwn(PROVIDER_APIS, c.nameSimple))).toEqual([]);
  });

  it('every connector that can be connected has a reporting API on https', () => {
    for (const c of live) {
      const reports = c.api?.reports;
      expect(reports, `${c.name} reports`).toBeDefined();
      expect(reports?.baseUrl, c.name).toMatch(/^https:\/\/[^/]+/);
      // A per-login base is read from the identity answer, so there must be an identity call.
      if (reports?.baseUrlField) expect(c.api?.identity.request, c.name).toBeDefined();
    }
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
    for (const c of live.filter((c) => c.googleType)) {
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
        const inUrl = [...request.url.matchAll(/\{\+?(\w+)\}/g)].map((m) => m[1] ?? '');
        for (const name of inUrl) expect(secret.has(name), `${c.name} URL {${name}}`).toBe(false);
        // The accounts call may also name the login's identity, which the call before found,
        // and an account's details call the account.
        const allowed =
          request === c.api?.accounts.request
            ? new Set([...known, 'identityId'])
            : request === c.api?.accountDetails?.request
              ? new Set([...known, 'identityId', 'accountId'])
              : known;
        const all = [...JSON.stringify(request).matchAll(/\{\+?(\w+)\}/g)].map((m) => m[1] ?? '');
        for (const name of all) expect(allowed.has(name), `${c.name} {${name}}`).toBe(true);
      }
    }
  });
});
