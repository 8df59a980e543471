import type { SandboxProviderDeps } from './sandbox-deps.ts';
import type { SandboxGrant } from './sandbox-tokens.ts';
import { readGrant, signGrant } from './sandbox-tokens.ts';
import type { SandboxConnector } from './sandbox-deps.ts';

/** A token endpoint answer, in the standard OAuth2 shape. */
interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  /** Seconds the refresh token has left, where its lifetime is limited (as LinkedIn says). */
  refresh_token_expires_in?: number;
}

/**
 * Issues an access token (and a refresh token when asked) for a login. `refreshEndsAt` is when
 * the login's refresh token lapses: undefined at a consent (the console's lifetime for the
 * connector, if any, starts now), the presented token's end at a refresh (null: never).
 */
export function issueTokens(
  deps: SandboxProviderDeps,
  connector: SandboxConnector,
  login: string,
  accounts: number[],
  withRefreshToken: boolean,
  refreshEndsAt?: number | null,
): TokenAnswer {
  const now = deps.clock().getTime();
  const lifetime = deps.control.refreshLifetime(connector.nameSimple);
  const ends =
    refreshEndsAt === undefined
      ? lifetime === undefined
        ? undefined
        : now + lifetime * 1000
      : (refreshEndsAt ?? undefined);
  const ttl = deps.control.tokenTtlSeconds ?? deps.config.sandboxTokenTtlSeconds;
  const grant = {
    c: connector.nameSimple,
    l: login,
    a: accounts,
    g: deps.control.generation(connector.nameSimple, login),
    iat: now,
  };
  const signed = signGrant(deps.key, 'at', { ...grant, exp: now + ttl * 1000 });
  const accessToken = deps.control.unsendableTokens ? `${signed}\n${signed}` : signed;
  const refreshToken = withRefreshToken
    ? signGrant(deps.key, 'rt', { ...grant, ...(ends === undefined ? {} : { exp: ends }) })
    : undefined;
  deps.control.issuedTokens.push(accessToken, ...(refreshToken ? [refreshToken] : []));
  deps.control.rememberLogin(connector.nameSimple, login, new Date(now));
  const oauth2 = connector.api?.oauth2;
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ttl,
    scope: (oauth2?.scopes ?? []).join(oauth2?.scopeSeparator ?? ' '),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    ...(ends === undefined
      ? {}
      : { refresh_token_expires_in: Math.max(0, Math.floor((ends - now) / 1000)) }),
  };
}

/**
 * A refresh: refused when the login was revoked since, or the token was rotated out. With
 * rotation on, the old refresh token is used up and a new one comes back; without, none
 * comes back (the old one stays valid, as Google does).
 */
export function refreshTokens(
  deps: SandboxProviderDeps,
  connector: SandboxConnector,
  refreshToken: string,
): TokenAnswer | undefined {
  const grant = validGrant(deps, 'rt', connector, refreshToken);
  if (!grant || deps.control.isRefreshTokenUsed(grant.j)) return undefined;
  const rotate = deps.control.rotateRefreshTokens;
  if (rotate) deps.control.useRefreshToken(grant.j);
  return issueTokens(deps, connector, grant.l, grant.a, rotate, grant.exp ?? null);
}

/** The grant of a token of this connector that is well signed, unexpired and not revoked. */
export function validGrant(
  deps: SandboxProviderDeps,
  kind: 'at' | 'rt',
  connector: SandboxConnector,
  token: string,
): SandboxGrant | undefined {
  const grant = readGrant(deps.key, kind, token);
  if (!grant || grant.c !== connector.nameSimple) return undefined;
  if (grant.exp !== undefined && grant.exp <= deps.clock().getTime()) return undefined;
  if (grant.g < deps.control.generation(grant.c, grant.l)) return undefined;
  return grant;
}
