import { createHash, randomBytes } from 'node:crypto';
import type { OAuth2Settings } from '@gds/contract/providers';
import type { Provider } from './provider-directory.ts';
import { withoutSecrets } from './provider-error.ts';
import { ProviderError, isHeaderSafe, readJson, send } from './provider-http.ts';

/**
 * One generic OAuth2 client whose addresses come from the catalog. Written here rather than
 * taken from a library because providers differ in small ways a strict client refuses: scope
 * separators, the client id's parameter name, form-encoded token answers, expires_in as text.
 */

export interface TokenSet {
  accessToken: string;
  /** Absent when the provider keeps the previous refresh token valid (or has none). */
  refreshToken: string | undefined;
  expiresInSeconds: number | undefined;
  /**
   * How long the refresh token lasts, where the provider says (refresh_token_expires_in:
   * LinkedIn, Microsoft for some apps); undefined when it does not.
   */
  refreshExpiresInSeconds: number | undefined;
  scope: string | undefined;
}

/** A fresh PKCE verifier and its S256 challenge (RFC 7636). */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function settings(provider: Provider): OAuth2Settings {
  const oauth2 = provider.api.oauth2;
  if (!oauth2) throw new Error(`${provider.connector.name} does not sign in with OAuth2`);
  return oauth2;
}

/** The provider's consent address for this state (and PKCE challenge when supported). */
export function authorizationUrl(
  provider: Provider,
  input: { state: string; redirectUri: string; codeChallenge: string | undefined },
): string {
  const oauth2 = settings(provider);
  const url = new URL(oauth2.authorizeUrl);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set(oauth2.clientIdParam ?? 'client_id', provider.clientId);
  params.set('redirect_uri', input.redirectUri);
  if (oauth2.scopes.length > 0)
    params.set('scope', oauth2.scopes.join(oauth2.scopeSeparator ?? ' '));
  params.set('state', input.state);
  if (input.codeChallenge) {
    params.set('code_challenge', input.codeChallenge);
    params.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(oauth2.authorizeParams ?? {})) params.set(name, value);
  return url.toString();
}

export function exchangeCode(
  provider: Provider,
  input: { code: string; redirectUri: string; codeVerifier: string | undefined },
  signal: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(
    provider,
    {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
    },
    signal,
  );
}

export function refreshAccessToken(
  provider: Provider,
  refreshToken: string,
  signal: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(
    provider,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    signal,
  );
}

async function tokenRequest(
  provider: Provider,
  params: Record<string, string>,
  signal: AbortSignal,
): Promise<TokenSet> {
  const oauth2 = settings(provider);
  const body = new URLSearchParams(params);
  const headers = new Headers({
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  });
  const auth = oauth2.clientAuth ?? 'body';
  // RFC 6749 §2.3.1: each part form-encoded before joining.
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
  ).toString('base64');
  if (auth === 'basic') {
    headers.set('authorization', `Basic ${basic}`);
  } else {
    body.set(oauth2.clientIdParam ?? 'client_id', provider.clientId);
    if (auth === 'body') body.set('client_secret', provider.clientSecret);
  }
  const host = new URL(oauth2.tokenUrl).host;
  try {
    const response = await send(host, () =>
      fetch(oauth2.tokenUrl, { method: 'POST', headers, body, signal, redirect: 'error' }),
    );
    return toTokenSet(await readJson(response), host);
  } catch (error) {
    // A provider may quote back the code, verifier, refresh token or our secret.
    const { code, code_verifier, refresh_token } = params;
    throw withoutSecrets(error, [code, code_verifier, refresh_token, provider.clientSecret, basic]);
  }
}

function toTokenSet(answer: unknown, host: string): TokenSet {
  const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const accessToken = text(record.access_token);
  if (!accessToken) throw new ProviderError('invalid', `${host} answered without an access token`);
  // It is sent back in a header on every call; one that cannot be is of no use (and unsafe).
  if (!isHeaderSafe(accessToken)) {
    throw new ProviderError('invalid', `${host} answered an access token a header cannot carry`);
  }
  const seconds = (value: unknown) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const scope = Array.isArray(record.scope) ? record.scope.join(' ') : text(record.scope);
  return {
    accessToken,
    refreshToken: text(record.refresh_token),
    // 0 or missing means "does not expire" for several providers (Mailchimp, Stripe).
    expiresInSeconds: seconds(record.expires_in),
    refreshExpiresInSeconds: seconds(record.refresh_token_expires_in),
    scope,
  };
}
