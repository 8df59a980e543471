import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS } from '@gds/contract';
import type { IdentityProvider } from '../../src/modules/sign-in/identity-provider.ts';
import { fetchedAnswer, urlOf } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { TinyBrowser, freePort } from '../helpers/browser.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';

/**
 * The real thing: the server listens, the sandbox OpenID provider runs inside it, and a tiny
 * browser clicks through its sign-in form. Only this test talks HTTP.
 */
describeEachDatabase('sign-in through the sandbox identity provider', (db) => {
  let app: FastifyInstance;
  let base = '';
  let tokenCalls = 0;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    const config = testConfig({ PORT: String(port), PUBLIC_URL: base });
    const wrapIdentity = (real: IdentityProvider): IdentityProvider => ({
      kind: real.kind,
      authorizationUrl: (input) => real.authorizationUrl(input),
      exchange: (input) => {
        tokenCalls += 1;
        return real.exchange(input);
      },
    });
    app = await createTestApp(db(), { config, wrapIdentity, forceCloseConnections: true });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const apiHeaders = { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' };

  it('signs in with the sandbox form and lands on /login/callback, then the profile loads', async () => {
    const browser = new TinyBrowser();
    const login = await browser.fetch(
      `${base}${urlOf(ENDPOINTS.login, { query: { nextUrl: 'Team' } })}`,
      { method: ENDPOINTS.login.method, headers: { ...apiHeaders, origin: base } },
    );
    expect(login.status).toBe(200);
    const { authUri } = (await fetchedAnswer(ENDPOINTS.login, login)).json();
    expect(authUri.startsWith(`${base}/sandbox/oidc/auth?`)).toBe(true);
    expect(new URL(authUri).searchParams.get('code_challenge_method')).toBe('S256');

    const formPage = await browser.follow(authUri, () => false);
    expect(formPage.url.pathname).toMatch(/^\/sandbox\/oidc\/interaction\//);
    const html = await formPage.response.text();
    expect(html).toContain('<h1>Sandbox sign-in</h1>');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(formPage.response.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${base}`,
    );
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';

    const bad = await browser.fetch(new URL(action, base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '"><script>alert(1)</script>' }).toString(),
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Enter a valid email address.');
    expect(badHtml).toContain('&quot;&gt;&lt;script&gt;');
    expect(badHtml).not.toContain('<script>alert');

    const submitted = await browser.fetch(new URL(action, base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'sandy@example.com',
        firstName: 'Sandy',
        lastName: 'Box',
      }).toString(),
    });
    expect(submitted.status).toBe(303);
    const landed = await browser.follow(
      new URL(submitted.headers.get('location') ?? '', base).toString(),
      (url) => url.pathname === '/login/callback',
    );
    expect(landed.url.origin).toBe(base);
    expect(landed.url.pathname).toBe('/login/callback');
    expect(landed.url.searchParams.get('code')).toBeTruthy();

    // The SPA's /login/callback forwards the provider's query as it came.
    const callbackUrl = `${base}${ENDPOINTS.loginCallback.path}${landed.url.search}`;
    const done = await fetchedAnswer(
      ENDPOINTS.loginCallback,
      await browser.fetch(callbackUrl, { headers: apiHeaders }),
    );
    expect(done.status, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      user: { email: 'sandy@example.com', name: 'Sandy Box' },
      team: { name: "Sandy's team" },
      nextUrl: 'Team',
    });
    expect(tokenCalls).toBe(1);

    const info = await browser.fetch(`${base}${urlOf(ENDPOINTS.getTeamInfo)}`, {
      headers: apiHeaders,
    });
    expect(info.status).toBe(200);

    // The same redirect replayed: the state is used, so no second token call is made.
    const replay = await browser.fetch(callbackUrl, { headers: apiHeaders });
    expect(replay.status).toBe(400);
    expect(tokenCalls).toBe(1);
  });

  it('a code the provider refuses is a failed sign-in (400), not a crash, and no user is made', async () => {
    const browser = new TinyBrowser();
    const login = await browser.fetch(`${base}${urlOf(ENDPOINTS.login)}`, {
      method: ENDPOINTS.login.method,
      headers: apiHeaders,
    });
    const { authUri } = (await fetchedAnswer(ENDPOINTS.login, login)).json();
    const formPage = await browser.follow(authUri, () => false);
    const action = /action="([^"]+)"/.exec(await formPage.response.text())?.[1] ?? '';
    const submitted = await browser.fetch(new URL(action, base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=tamper%40example.com',
    });
    const landed = await browser.follow(
      new URL(submitted.headers.get('location') ?? '', base).toString(),
      (url) => url.pathname === '/login/callback',
    );
    const query = new URLSearchParams(landed.url.search);
    query.set('code', 'forged-code');
    const response = await fetchedAnswer(
      ENDPOINTS.loginCallback,
      await browser.fetch(`${base}${ENDPOINTS.loginCallback.path}?${query.toString()}`, {
        headers: apiHeaders,
      }),
    );
    expect(response.status).toBe(400);
    expect(response.error()).toMatchObject({ code: 'LOGIN_FAILED' });
    const users = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'tamper@example.com')
      .execute();
    expect(users).toEqual([]);
  });
});
