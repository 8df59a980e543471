import type { FastifyBaseLogger } from 'fastify';
import { hasPermissions } from '@gds/contract';
import { findConnectorByName } from '@gds/contract';
import type { ConnectionResult, ConnectorDefinition } from '@gds/contract';
import type { OauthStateRow } from '../../db/schema.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { ConnectRefused, storeCredential } from '../credentials/store-credential.ts';
import type { VerifiedCredential } from '../credentials/store-credential.ts';
import { discoverOAuthCredential } from '../providers/discover.ts';
import { exchangeCode } from '../providers/oauth2-client.ts';
import { forecastExpiry } from '../credentials/expiry-forecast.ts';
import { ProviderError, logProviderFailure } from '../providers/provider-http.ts';
import type { ConnectionDeps } from './connection-deps.ts';
import { connectionDeadline } from './connection-deps.ts';
import { CONNECTION_MESSAGES, providerFailureMessage } from './connection-messages.ts';
import { redeemConnectionState } from './connection-state.ts';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Finishes an OAuth connection when the provider sends the browser back. The state must be
 * unused, unexpired, this browser session's, and made for this very connector, before any
 * call to the token endpoint: a bad state costs the provider nothing and stores nothing, and a
 * code sent to another connector's callback is refused. Then: code exchange (with PKCE), identity,
 * accounts, and one transaction storing it all. Answers the outcome; the return address in
 * it is only ever the one stored with the state when the connection started.
 */
export async function completeOAuthConnection(
  deps: ConnectionDeps,
  input: {
    nameSimple: string;
    query: CallbackQuery;
    user: SessionUser;
    sessionToken: string;
    log: FastifyBaseLogger;
  },
): Promise<ConnectionResult> {
  const { query, user } = input;
  const connector = findConnectorByName(input.nameSimple);
  if (!connector || connector.auth !== 'oauth2')
    return failure(CONNECTION_MESSAGES.unknownConnector);
  if (!query.state) return failure(CONNECTION_MESSAGES.stale, connector.id);
  const redeemed = await redeemConnectionState(deps, {
    holder: { kind: 'member', sessionToken: input.sessionToken, user },
    state: query.state,
    connectorId: connector.id,
  });
  if (redeemed.kind !== 'valid') return failure(CONNECTION_MESSAGES.stale, connector.id);
  const { row } = redeemed;
  // From here the state is this connection's: "Try again" keeps its dashboard tool's address.
  if (!hasPermissions(user.permissions, ['manage_data_sources'])) {
    return failure(CONNECTION_MESSAGES.notPermitted, connector.id, row.return_uri);
  }
  return finishConsent(deps, {
    connector,
    row,
    query,
    log: input.log,
    credit: { teamId: user.teamId, userId: user.id },
  });
}

/** Who a consent's credential is stored for, and the checks that run inside storing it. */
export type ConsentCredit = Pick<
  VerifiedCredential,
  'teamId' | 'userId' | 'client' | 'guard' | 'after'
>;

/**
 * The rest of an OAuth connection once its state is verified and used up: the provider's
 * answer (consent refused, cancelled, or a code), then code exchange (with PKCE), identity,
 * accounts, and one transaction storing it all for `credit`. Answers the outcome; a refusal
 * the person can act on and a provider failure are outcomes, not errors.
 */
export async function finishConsent(
  deps: ConnectionDeps,
  input: {
    connector: ConnectorDefinition;
    row: OauthStateRow;
    query: CallbackQuery;
    log: FastifyBaseLogger;
    credit: ConsentCredit;
  },
): Promise<ConnectionResult> {
  const { connector, row, query } = input;
  const fail = (error: string) => failure(error, connector.id, row.return_uri);
  if (query.error === 'access_denied') {
    return { ...failure(null, connector.id, row.return_uri), status: 'denied' };
  }
  if (query.error || !query.code) return fail(CONNECTION_MESSAGES.cancelled(connector.name));
  const provider = deps.providers.find(connector.id);
  if (!provider?.api.oauth2) return fail(`${connector.name} is not available on this server yet.`);

  try {
    const signal = connectionDeadline(deps);
    const tokens = await exchangeCode(
      provider,
      {
        code: query.code,
        redirectUri: row.redirect_uri,
        codeVerifier: row.code_verifier || undefined,
      },
      signal,
    );
    const found = await discoverOAuthCredential(provider, tokens.accessToken, signal);
    const now = deps.clock().getTime();
    const stored = await storeCredential(deps, {
      ...input.credit,
      connector,
      reconnect: row.credential_id,
      identity: found.identity,
      accounts: found.accounts,
      secret: {
        access: tokens.accessToken,
        refresh: tokens.refreshToken,
        expiresAt: tokens.expiresInSeconds ? new Date(now + tokens.expiresInSeconds * 1000) : null,
        scopes: tokens.scope ?? provider.api.oauth2.scopes.join(' '),
        expiry: forecastExpiry({
          lifetime: provider.api.oauth2.grantLifetime,
          tokens: { ...tokens, hasRefreshToken: tokens.refreshToken !== undefined },
          now: new Date(now),
        }),
      },
    });
    return {
      status: 'connected',
      connector: connector.id,
      credentialName: stored.credential.name,
      accountsAdded: stored.accountsAdded,
      accountsSkipped: stored.accountsSkipped,
      redirectUri: row.return_uri,
      error: null,
    };
  } catch (error) {
    if (error instanceof ConnectRefused) return fail(error.message);
    if (!(error instanceof ProviderError)) throw error;
    logProviderFailure(
      input.log,
      connector,
      error,
      'connecting a data source failed at the provider',
    );
    return fail(providerFailureMessage(connector.name, error));
  }
}

/** An outcome that stored nothing: `error` says why (null when the user said no). */
export function failure(
  error: string | null,
  connector: number | null = null,
  redirectUri: string | null = null,
): ConnectionResult {
  return {
    status: 'error',
    connector,
    credentialName: null,
    accountsAdded: 0,
    accountsSkipped: 0,
    redirectUri,
    error,
  };
}
