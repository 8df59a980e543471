import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import {
  CLIENT_ID,
  REDIRECT_URI,
  authorizeUrl,
  consentAs,
  pkce,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/**
 * Who can spend a code, and what the consent screen does with a request it does not know:
 * only the connector's own authenticated client burns a code; an unknown or finished
 * authorization request is refused without granting anything.
 */
describeEachDatabase('connector codes and consent requests that are not what they claim', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;

  beforeAll(async () => {
    ctx = await startDataApiApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'spent-owner@example.com');
  });
  afterAll(() => ctx.app.close());

  const grantCount = async () =>
    (
      await db()
        .selectFrom('connector_grants')
        .select('grant_id')
        .where('team_id', '=', owner.team.id)
        .execute()
    ).length;

  it('a redemption with a wrong client secret burns nothing: the connector then redeems the code', async () => {
    const { verifier, challenge } = pkce();
    const back = await consentAs(ctx, owner.cookie, authorizeUrl(ctx.base, { challenge }));
    const form = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce().verifier,
    };
    const stranger = await fetch(`${ctx.base}/connector-oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...form,
        client_id: CLIENT_ID,
        client_secret: 'not-the-connector-secret-0123456789',
      }).toString(),
    });
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as { error?: string }).error).toBe('invalid_client');

    const connector = await tokenRequest(ctx.base, { ...form, code_verifier: verifier });
    expect(connector.status, JSON.stringify(connector.body)).toBe(200);
    expect(typeof connector.body.access_token).toBe('string');
  });

  it('the consent screen does not know an authorization request that was never made: 404', async () => {
    const answer = await call(ctx.app, ENDPOINTS.getConnectorConsent, {
      query: { uid: 'never-started-0123456789' },
      cookie: owner.cookie,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('a decision on an authorization request this browser never started grants nothing: 400', async () => {
    const before = await grantCount();
    const response = await fetch(
      `${ctx.base}/connector-oauth/interaction/never-started-0123456789/decision`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: owner.cookie,
          origin: ctx.base,
        },
        body: 'decision=allow',
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('This authorization request has expired');
    expect(await grantCount()).toBe(before);
  });

  it('an interaction address this browser never started says the request expired: 400', async () => {
    const response = await fetch(
      `${ctx.base}/connector-oauth/interaction/never-started-0123456789`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
