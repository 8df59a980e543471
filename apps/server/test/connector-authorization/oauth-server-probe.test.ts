import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  REDIRECT_URI,
  authorizeUrl,
  pkce,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { tempDir } from '../helpers/test-app.ts';

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** What a probe of the OAuth server's own addresses finds, the web app being built. */
describeEachDatabase('the connector’s OAuth server under a probe', (db) => {
  let ctx: DataApiContext;

  beforeAll(async () => {
    const dist = tempDir();
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    ctx = await startDataApiApp(db(), { distDir: dist });
  });
  afterAll(() => ctx.app.close());

  const expectSecurityHeaders = (response: Response, what: string) => {
    expect(response.headers.get('content-security-policy'), what).toContain(
      "frame-ancestors 'none'",
    );
    expect(response.headers.get('content-security-policy'), what).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  };

  it('every answer of the OAuth server carries the security headers', async () => {
    const answers: Array<[string, Response]> = [
      ['jwks', await fetch(`${ctx.base}/connector-oauth/jwks`)],
      ['discovery', await fetch(`${ctx.base}/connector-oauth/.well-known/openid-configuration`)],
      [
        'error page',
        await fetch(`${ctx.base}/connector-oauth/auth`, { headers: { accept: HTML } }),
      ],
      [
        'authorization redirect',
        await fetch(authorizeUrl(ctx.base, { challenge: pkce().challenge }), {
          redirect: 'manual',
        }),
      ],
      [
        'token error',
        await fetch(`${ctx.base}/connector-oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=authorization_code&code=nothing',
        }),
      ],
    ];
    const [, errorPage] = answers[2] ?? [];
    expect(errorPage?.status).toBe(400);
    expect(await errorPage?.text()).toContain('The connector could not be authorized');
    for (const [what, response] of answers) expectSecurityHeaders(response, what);
  });

  it('the connector’s scope, data.read, is the only one: anything else is invalid_scope', async () => {
    for (const scope of [
      'openid offline_access',
      'data.write',
      '',
      'data.read data.write',
      'openid data.read',
      'data.read offline_access',
    ]) {
      const response = await fetch(authorizeUrl(ctx.base, { challenge: pkce().challenge, scope }), {
        redirect: 'manual',
      });
      expect(response.status, scope).toBe(303);
      const back = new URL(response.headers.get('location') ?? '', ctx.base);
      expect(back.toString().startsWith(REDIRECT_URI), scope).toBe(true);
      expect(back.searchParams.get('error'), scope).toBe('invalid_scope');
      expect(back.searchParams.get('state'), scope).toBe('connector-state');
    }
    const allowed = await fetch(authorizeUrl(ctx.base, { challenge: pkce().challenge }), {
      redirect: 'manual',
    });
    expect(new URL(allowed.headers.get('location') ?? '', ctx.base).pathname).toMatch(
      /^\/connector-oauth\/interaction\//,
    );
  });

  it('the metadata advertises only what is served, also at the RFC 8414 address', async () => {
    const issuer = `${ctx.base}/connector-oauth`;
    const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
    const rfc8414 = await fetch(
      `${ctx.base}/.well-known/oauth-authorization-server/connector-oauth`,
    );
    expect(rfc8414.status).toBe(200);
    expect(rfc8414.headers.get('content-type')).toContain('application/json');
    expectSecurityHeaders(rfc8414, 'RFC 8414 metadata');
    const metadata = (await rfc8414.json()) as Record<string, unknown>;
    expect(metadata).toEqual(await discovery.json());
    // The host has this one authorization server: clients that look only at the host find it.
    const bare = await fetch(`${ctx.base}/.well-known/oauth-authorization-server`);
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual(metadata);
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      revocation_endpoint: `${issuer}/token/revocation`,
      jwks_uri: `${issuer}/jwks`,
      scopes_supported: ['data.read'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
    });
    for (const promise of [
      'userinfo_endpoint',
      'end_session_endpoint',
      'pushed_authorization_request_endpoint',
      'registration_endpoint',
      'introspection_endpoint',
      'dpop_signing_alg_values_supported',
      'claims_supported',
    ]) {
      expect(metadata, promise).not.toHaveProperty(promise);
    }
    // Every address it names answers (an OAuth error at most), never a miss.
    for (const [name, value] of Object.entries(metadata)) {
      if (!name.endsWith('_endpoint') && name !== 'jwks_uri') continue;
      const method = name === 'authorization_endpoint' || name === 'jwks_uri' ? 'GET' : 'POST';
      const response = await fetch(String(value), { method, redirect: 'manual' });
      expect(response.status, name).not.toBe(404);
    }
  });

  it('other addresses under /connector-oauth and the well-known ones are JSON 404s, never the app', async () => {
    for (const address of [
      '/connector-oauth/me',
      '/connector-oauth/session/end',
      '/connector-oauth/request',
      '/connector-oauth/anything/else',
      '/connector-oauth',
      '/.well-known/oauth-authorization-server/elsewhere',
      '/.well-known/openid-configuration',
      '/.well-known/unknown',
    ]) {
      const response = await fetch(`${ctx.base}${address}`, { headers: { accept: HTML } });
      expect(response.status, address).toBe(404);
      expect(response.headers.get('content-type'), address).toContain('application/json');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    // The app's own pages still fall back to it.
    const page = await fetch(`${ctx.base}/data-sources`, { headers: { accept: HTML } });
    expect(page.status).toBe(200);
  });
});
