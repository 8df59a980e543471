import type { FastifyBaseLogger } from 'fastify';
import { findProviderConnector } from '@gds/contract/providers';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import type { CredentialRow } from '../../db/schema.ts';
import { createTeamRepository } from '../team/team.repository.ts';
import { CONNECT_MESSAGES } from './messages.ts';
import { refreshAccessToken } from './oauth2-client.ts';
import type { ProviderDirectory } from './provider-directory.ts';
import { ProviderError } from './provider-http.ts';
import { createRefreshClaims } from './refresh-claims.ts';
import { sealContext } from './store-connection.ts';

const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface RefreshSummary {
  refreshed: number;
  revoked: number;
  failed: number;
}

/**
 * Keeps access tokens fresh in every instance (RELIABILITY 21): claims what is due
 * (refresh-claims.ts: once across instances), refreshes it once, and records the login's
 * health, telling "revoked" (reconnect) from "provider down" (retry with back-off).
 */
export function createTokenRefresher(deps: {
  db: Db;
  clock: Clock;
  cipher: TokenCipher;
  providers: ProviderDirectory;
  config: Pick<Config, 'refresh' | 'connectorTimeoutMs'>;
  log: FastifyBaseLogger;
}) {
  const { refresh } = deps.config;
  const { claim, settle } = createRefreshClaims({
    db: deps.db,
    clock: deps.clock,
    marginMs: refresh.marginMs,
    // Longer than any refresh can take, so a lease only lapses when its instance died.
    leaseMs: deps.config.connectorTimeoutMs * 3,
  });

  /** Decrypts the stored refresh token; undefined when no key of its version can (ring changed). */
  function storedRefreshToken(row: CredentialRow): string | undefined {
    if (!row.refresh_token_enc) return undefined;
    try {
      return deps.cipher.decrypt(
        row.refresh_token_enc,
        row.key_version,
        sealContext(row.id, 'refresh'),
      );
    } catch (error) {
      deps.log.error(
        { credentialId: row.id, keyVersion: row.key_version, err: error },
        'a stored refresh token could not be decrypted: is its key still in TOKEN_ENCRYPTION_KEYS?',
      );
      return undefined;
    }
  }

  async function refreshOne(row: CredentialRow, lease: Date): Promise<keyof RefreshSummary> {
    const connector = findProviderConnector(row.connector_id);
    const provider = deps.providers.find(row.connector_id);
    const name = connector?.name ?? 'The provider';
    const current = storedRefreshToken(row);
    if (current === undefined) return recordFailure(row, lease, name, 'unreadable');
    try {
      if (!provider?.api.oauth2) {
        throw new ProviderError('unavailable', `${name} is not configured on this server`);
      }
      const signal = AbortSignal.timeout(deps.config.connectorTimeoutMs);
      const tokens = await refreshAccessToken(provider, current, signal);
      const now = deps.clock();
      // A rotated refresh token is stored with the access token, before either is used; a
      // provider that sends none keeps the old one valid, so it is kept.
      await settle(row, lease, {
        access_token_enc: deps.cipher.encrypt(tokens.accessToken, sealContext(row.id, 'access')),
        refresh_token_enc: deps.cipher.encrypt(
          tokens.refreshToken ?? current,
          sealContext(row.id, 'refresh'),
        ),
        key_version: deps.cipher.currentVersion,
        expires_at: tokens.expiresInSeconds
          ? new Date(now.getTime() + tokens.expiresInSeconds * 1000)
          : null,
        ...(tokens.scope ? { scopes: tokens.scope } : {}),
        status: 'connected',
        status_reason: null,
        last_refreshed_at: now,
        refresh_attempts: 0,
        next_refresh_at: null,
      });
      return 'refreshed';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Refused (invalid_grant, 400/401): the grant is gone, only the user can fix it.
      return recordFailure(row, lease, name, error.kind === 'refused' ? 'revoked' : error.kind);
    }
  }

  /**
   * Health after a failed refresh: revoked (or unreadable) → needs reconnect, not retried;
   * provider down or slow → retried with exponential back-off, 'error' after maxAttempts.
   */
  async function recordFailure(
    row: CredentialRow,
    lease: Date,
    name: string,
    reason: 'revoked' | 'unreadable' | 'timeout' | 'unavailable' | 'invalid',
  ): Promise<keyof RefreshSummary> {
    const final = reason === 'revoked' || reason === 'unreadable';
    const attempts = row.refresh_attempts + 1;
    const now = deps.clock();
    const backoff = Math.min(refresh.intervalMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const status = final
      ? 'needs_reconnect'
      : attempts >= refresh.maxAttempts
        ? 'error'
        : row.status;
    await settle(row, lease, {
      status,
      status_reason:
        reason === 'revoked'
          ? CONNECT_MESSAGES.revoked(name)
          : reason === 'unreadable'
            ? CONNECT_MESSAGES.unreadable(name)
            : status === 'error'
              ? CONNECT_MESSAGES.refreshFailing(name)
              : row.status_reason,
      refresh_attempts: attempts,
      next_refresh_at: final ? null : new Date(now.getTime() + backoff),
    });
    await createTeamRepository(deps.db).audit({
      teamId: row.team_id,
      actorUserId: null,
      action: 'data_source.refresh_failed',
      details: {
        connectorId: row.connector_id,
        credentialId: row.id,
        reason,
        attempt: attempts,
        status,
      },
    });
    deps.log.warn(
      { credentialId: row.id, connectorId: row.connector_id, reason, attempt: attempts },
      final ? 'refresh refused: the login needs reconnecting' : 'refresh failed; will retry',
    );
    return final ? 'revoked' : 'failed';
  }

  return {
    /** Refreshes every credential due now (at most `limit`); answers what happened. */
    async runOnce(limit = 100): Promise<RefreshSummary> {
      const summary: RefreshSummary = { refreshed: 0, revoked: 0, failed: 0 };
      for (let i = 0; i < limit; i += 1) {
        const claimed = await claim();
        if (!claimed) break;
        summary[await refreshOne(claimed.row, claimed.lease)] += 1;
      }
      return summary;
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
