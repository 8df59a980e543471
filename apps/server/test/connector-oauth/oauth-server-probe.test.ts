import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authorizeUrl, pkce, startDataApiApp } from '../helpers/connector-oauth.ts';
import type { DataApiContext } from '../helpers/connector-oauth.ts';
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
});
