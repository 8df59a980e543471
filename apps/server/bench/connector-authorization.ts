import { createHash, randomBytes } from 'node:crypto';
import { BENCH_CLIENT } from './data-path-seed.ts';

/**
 * The connector's whole authorization, as a member's browser and the connector make it: the
 * authorization request with PKCE, the consent's Allow posted by the signed-in member, the
 * redirect back with a code, and the code exchanged at the token endpoint. Answers the tokens
 * of a grant of its own.
 */
export async function authorizeBenchConnector(
  base: string,
  origin: string,
  sessionToken: string,
): Promise<BenchGrant> {
  const jar = new Map([['gds_session', sessionToken]]);
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    if (response.status !== 303 && response.status !== 302) {
      throw new Error(`authorizing the bench connector: ${url} answered ${response.status}`);
    }
    return new URL(response.headers.get('location') ?? '', base).toString();
  };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${base}/connector-oauth/auth`);
  authorize.search = new URLSearchParams({
    client_id: BENCH_CLIENT.id,
    redirect_uri: BENCH_CLIENT.redirectUri,
    response_type: 'code',
    scope: 'data.read',
    state: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const interaction = await go(authorize.toString());
  // The interaction sends the browser to the consent page, which posts the decision back.
  await go(interaction);
  const resume = await go(`${interaction}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: 'decision=allow',
  });
  const back = new URL(await go(resume));
  const tokens = await fetch(`${base}/connector-oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: BENCH_CLIENT.redirectUri,
      code_verifier: verifier,
      client_id: BENCH_CLIENT.id,
      client_secret: BENCH_CLIENT.secret,
    }).toString(),
  });
  return grantTokens(tokens);
}

/** A grant's tokens, as the connector keeps them. */
export interface BenchGrant {
  accessToken: string;
  refreshToken: string;
}

/**
 * A new access token for the grant, as the connector asks when its token has lapsed (an hour
 * after it was issued); the refresh token turns over with it.
 */
export async function refreshBenchGrant(base: string, refreshToken: string): Promise<BenchGrant> {
  const tokens = await fetch(`${base}/connector-oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: BENCH_CLIENT.id,
      client_secret: BENCH_CLIENT.secret,
    }).toString(),
  });
  return grantTokens(tokens);
}

async function grantTokens(tokens: Response): Promise<BenchGrant> {
  const body = (await tokens.json()) as { access_token?: string; refresh_token?: string };
  if (!body.access_token) {
    throw new Error(`the bench connector got no token: ${tokens.status} ${JSON.stringify(body)}`);
  }
  return { accessToken: body.access_token, refreshToken: body.refresh_token ?? '' };
}
