import type { FastifyBaseLogger } from 'fastify';
import { DATA_SOURCES_CALLBACK_PATH, hasPermissions } from '@gds/contract';
import { findProviderConnectorByName } from '@gds/contract/providers';
import type { ConnectionResult } from '@gds/contract';
import type { RequestAuth } from '../../http/request-context.ts';
import { hashToken } from '../sessions/session-token.ts';
import type { ConnectDeps } from './connect-deps.ts';
import { connectDeadline } from './connect-deps.ts';
import { discoverOAuthLogin } from './discover.ts';
import { CONNECT_MESSAGES, providerFailureMessage } from './messages.ts';
import { exchangeCode } from './oauth2-client.ts';
import { ProviderError, logProviderFailure } from './provider-http.ts';
import { ConnectRefused, storeConnection } from './store-connection.ts';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Finishes an OAuth connection when the provider sends the browser back. The state must be
 * unused, unexpired, this browser session's, and made for this very connector, before any
 * call to the token endpoint (RELIABILITY 16, 17). Then: code exchange (with PKCE), identity,
 * accounts, and one transaction storing it all. Answers the SPA address to go to.
 */
export async function completeOAuthConnection(
  deps: ConnectDeps,
  input: { nameSimple: string; query: CallbackQuery; auth: RequestAuth; log: FastifyBaseLogger },
): Promise<ConnectionResult> {
  const { query, auth } = input;
  const connector = findProviderConnectorByName(input.nameSimple);
  if (!connector || connector.auth !== 'oauth2') {
    return { status: 'error', error: CONNECT_MESSAGES.unknownConnector };
  }
  const fail = (error: string): ConnectionResult => ({
    status: 'error',
    connector: connector.id,
    error,
  });
  const user = auth.kind === 'session' ? auth.user : null;
  if (auth.kind !== 'session' || !user) return fail(CONNECT_MESSAGES.sessionEnded);
  if (!query.state) return fail(CONNECT_MESSAGES.stale);
  const row = await deps.states.consume(
    hashToken(query.state),
    hashToken(auth.token),
    deps.clock(),
    'connect',
  );
  // A state of another connector is used up here too: a code is never tried elsewhere.
  if (
    !row ||
    row.connector_id !== connector.id ||
    row.user_id !== user.id ||
    row.team_id !== user.teamId
  ) {
    return fail(CONNECT_MESSAGES.stale);
  }
  if (!hasPermissions(user.permissions, ['manage_data_sources'])) {
    return fail(CONNECT_MESSAGES.notPermitted);
  }
  if (query.error === 'access_denied') return { status: 'denied', connector: connector.id };
  if (query.error || !query.code) return fail(CONNECT_MESSAGES.cancelled(connector.name));
  const provider = deps.providers.find(connector.id);
  if (!provider?.api.oauth2) return fail(`${connector.name} is not available on this server yet.`);

  try {
    const signal = connectDeadline(deps);
    const tokens = await exchangeCode(
      provider,
      {
        code: query.code,
        redirectUri: row.redirect_uri,
        codeVerifier: row.code_verifier || undefined,
      },
      signal,
    );
    const found = await discoverOAuthLogin(provider, tokens.accessToken, signal);
    const now = deps.clock().getTime();
    const stored = await storeConnection(deps, {
      teamId: user.teamId,
      userId: user.id,
      connector,
      reconnect: row.credential_id,
      identity: found.identity,
      accounts: found.accounts,
      secret: {
        access: tokens.accessToken,
        refresh: tokens.refreshToken,
        expiresAt: tokens.expiresInSeconds ? new Date(now + tokens.expiresInSeconds * 1000) : null,
        scopes: tokens.scope ?? provider.api.oauth2.scopes.join(' '),
      },
    });
    return {
      status: 'connected',
      connector: connector.id,
      credentialName: stored.credential.name,
      accountsAdded: stored.accountsAdded,
      ...(stored.accountsSkipped > 0 ? { accountsSkipped: stored.accountsSkipped } : {}),
      ...(row.return_uri ? { redirectUri: row.return_uri } : {}),
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

/** The SPA page for an outcome: /data-sources/callback?status=… (never a token or code). */
export function callbackLocation(result: ConnectionResult): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(result)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `${DATA_SOURCES_CALLBACK_PATH}?${params.toString()}`;
}
