import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS } from '@gds/contract';
import { urlOf } from '../helpers/contract-call.ts';
import {
  REDIRECT_URI,
  authorizeUrl,
  pkce,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { HOSTS } from '../helpers/test-app.ts';

/**
 * A connector deployment set up with a brand's address sends its people to that host: the
 * authorization, the consent page and the way back all stay there, where their session and
 * brand are. The issuer stays the one PUBLIC_URL names, whichever host the person used.
 */
describeEachDatabase('connector OAuth on a brand’s own host', (db) => {
  let ctx: DataApiContext;
  beforeAll(async () => {
    ctx = await startDataApiApp(db(), {
      env: {
        APP_ORIGINS: Object.values(HOSTS)
          .map((host) => `http://${host}`)
          .join(','),
      },
    });
  });
  afterAll(() => ctx.app.close());

  it('a Raven member authorizes on Raven’s host, signed in there; the issuer does not change', async () => {
    const host = HOSTS.RAVEN_GDS;
    const brand = `http://${host}`;
    const owner = await signIn(ctx.app, ctx.identity, 'raven-connector@example.com', 'RAVEN_GDS');
    const split = owner.cookie.indexOf('=');
    const cookies = new Map([[owner.cookie.slice(0, split), owner.cookie.slice(split + 1)]]);
    /** The browser on the brand's host: keeps its cookies, follows nothing. */
    const visit = async (url: string, init: { method?: 'GET' | 'POST'; form?: object } = {}) => {
      const address = new URL(url, brand);
      expect(address.origin).toBe(brand);
      const response = await ctx.app.inject({
        method: init.method ?? 'GET',
        url: `${address.pathname}${address.search}`,
        headers: {
          host,
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(init.form
            ? { origin: brand, 'content-type': 'application/x-www-form-urlencoded' }
            : {}),
        },
        ...(init.form
          ? { payload: new URLSearchParams(init.form as Record<string, string>).toString() }
          : {}),
      });
      for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
      return response;
    };

    const { verifier, challenge } = pkce();
    const started = await visit(authorizeUrl(brand, { challenge }));
    expect(started.statusCode, started.body).toBe(303);
    const toConsent = await visit(String(started.headers.location));
    expect(toConsent.statusCode, toConsent.body).toBe(303);
    const consentPage = new URL(String(toConsent.headers.location), brand);
    expect(consentPage.origin).toBe(brand);
    expect(consentPage.pathname).toBe('/connector-consent');

    const uid = consentPage.searchParams.get('uid') ?? '';
    const details = await ctx.app.inject({
      url: urlOf(ENDPOINTS.getConnectorConsent, { query: { uid } }),
      headers: { host, cookie: owner.cookie, [BUSINESS_UNIT_HEADER]: 'RAVEN_GDS' },
    });
    expect(details.statusCode, details.body).toBe(200);
    const { action } = details.json<{ action: string }>();
    const decided = await visit(action, { method: 'POST', form: { decision: 'allow' } });
    expect(decided.statusCode, decided.body).toBe(303);
    const resumed = await visit(String(decided.headers.location));
    expect(resumed.statusCode, resumed.body).toBe(303);
    const back = new URL(String(resumed.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);

    const tokens = await tokenRequest(ctx.base, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const discovery = await visit('/connector-oauth/.well-known/openid-configuration');
    expect(discovery.json<{ issuer: string }>().issuer).toBe(`${ctx.base}/connector-oauth`);
  });
});
