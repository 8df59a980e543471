import type { FastifyBaseLogger } from 'fastify';
import { findConnector } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { KeyRing } from '../../crypto/key-ring.ts';
import { UnknownKeyVersionError } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import type { CredentialRow } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { refreshAccessToken } from '../providers/oauth2-client.ts';
import type { ProviderDirectory } from '../providers/provider-directory.ts';
import { ProviderError } from '../providers/provider-http.ts';
import { CREDENTIAL_MESSAGES } from './credential-messages.ts';
import { createCredentialEventsRepository } from './credential-events.repository.ts';
import { forecastExpiry } from './expiry-forecast.ts';
import { createRefreshClaimsRepository } from './refresh-claims.repository.ts';
import { sealContext } from './seal-context.ts';

const MAX_BACKOFF_MS = 60 * 60 * 1000;

type FailureReason =
  'revoked' | 'unreadable' | 'key_missing' | 'timeout' | 'unavailable' | 'invalid';

export interface RefreshSummary {
  refreshed: number;
  revoked: number;
  failed: number;
}

/**
 * Keeps access tokens fresh in every instance: claims what is due (refresh-claims.repository.ts:
 * one instance per credential, however many run), refreshes it once, and records the
 * credential's health, telling "revoked" (the user must reconnect) from "provider down" (retry
 * with back-off) from "sealed under a key this server lacks" (waits, not revoked, for a server
 * holding the key).
 */
export function createTokenRefresher(deps: {
  db: Db;
  clock: Clock;
  cipher: KeyRing;
  providers: ProviderDirectory;
  config: Pick<Config, 'refresh' | 'connectorTimeoutMs'>;
  log: FastifyBaseLogger;
}) {
  const { refresh } = deps.config;
  const { claim, claimOne, settle, release } = createRefreshClaimsRepository({
    db: deps.db,
    clock: deps.clock,
    marginMs: refresh.marginMs,
    // Longer than any refresh can take, so a lease only lapses when its instance died.
    leaseMs: deps.config.connectorTimeoutMs * 3,
    keyVersions: () => deps.cipher.versions,
  });

  /**
   * Decrypts the stored refresh token. A key version this server lacks is a missing key, not
   * a lost credential: it becomes readable once the key is added. Any other failure is damage.
   */
  function storedRefreshToken(
    row: CredentialRow,
  ): { token: string } | { failure: 'key_missing' | 'unreadable' } {
    if (!row.refresh_token_enc) return { failure: 'unreadable' };
    try {
      return {
        token: deps.cipher.decrypt(
          row.refresh_token_enc,
          row.key_version,
          sealContext(row.id, 'refresh'),
        ),
      };
    } catch (error) {
      if (error instanceof UnknownKeyVersionError) {
        const fix =
          deps.cipher.source === 'env'
            ? 'add it to TOKEN_ENCRYPTION_KEYS and restart this server'
            : 'it is not in the key file under DATA_DIR/keys';
        deps.log.error(
          { credentialId: row.id, keyVersion: row.key_version, keyVersions: deps.cipher.versions },
          `a credential is sealed under token key ${row.key_version}, which this server lacks (${fix}); a server holding the key refreshes it`,
        );
        return { failure: 'key_missing' };
      }
      deps.log.error(
        { credentialId: row.id, keyVersion: row.key_version, err: error },
        'a stored refresh token could not be decrypted with its key: the credential must be reconnected',
      );
      return { failure: 'unreadable' };
    }
  }

  async function refreshOne(row: CredentialRow, lease: Date): Promise<keyof RefreshSummary> {
    const connector = findConnector(row.connector_id);
    const provider = deps.providers.find(row.connector_id);
    const name = connector?.name ?? 'The provider';
    const stored = storedRefreshToken(row);
    if ('failure' in stored) return recordFailure(row, lease, name, stored.failure);
    const current = stored.token;
    try {
      if (!provider?.api.oauth2) {
        throw new ProviderError('unavailable', `${name} is not configured on this server`);
      }
      const signal = AbortSignal.timeout(deps.config.connectorTimeoutMs);
      const tokens = await refreshAccessToken(provider, current, signal);
      const now = deps.clock();
      const expiry = forecastExpiry({
        lifetime: provider.api.oauth2.grantLifetime,
        tokens: { ...tokens, hasRefreshToken: true },
        now,
        previous: row.refresh_expires_at
          ? { at: row.refresh_expires_at, source: row.refresh_expires_source ?? 'rule' }
          : null,
      });
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
        refresh_expires_at: expiry?.at ?? null,
        refresh_expires_source: expiry?.source ?? null,
        status: 'connected',
        status_reason: null,
        last_refreshed_at: now,
        refresh_attempts: 0,
        next_refresh_at: null,
        key_missing_since: null,
      });
      return 'refreshed';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Refused (invalid_grant, 400/401): the grant is gone, only the user can fix it.
      return recordFailure(row, lease, name, error.kind === 'refused' ? 'revoked' : error.kind);
    }
  }

  /**
   * Health after a failed refresh: revoked (or damaged) → needs reconnect, not retried;
   * sealed under a key this server lacks → 'error' while it waits, retried by a server that
   * holds the key (not on a timer, and not counted as a provider failure); provider down or
   * slow → retried with exponential back-off, 'error' after maxAttempts.
   */
  async function recordFailure(
    row: CredentialRow,
    lease: Date,
    name: string,
    reason: FailureReason,
  ): Promise<keyof RefreshSummary> {
    const final = reason === 'revoked' || reason === 'unreadable';
    const waiting = reason === 'key_missing';
    const attempts = waiting ? row.refresh_attempts : row.refresh_attempts + 1;
    const now = deps.clock();
    const backoff = Math.min(refresh.intervalMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const status = final
      ? 'needs_reconnect'
      : waiting || attempts >= refresh.maxAttempts
        ? 'error'
        : row.status;
    const statusReason =
      reason === 'revoked'
        ? CREDENTIAL_MESSAGES.revoked(name)
        : reason === 'unreadable'
          ? CREDENTIAL_MESSAGES.unreadable(name)
          : waiting
            ? CREDENTIAL_MESSAGES.keyMissing(name)
            : status === 'error'
              ? CREDENTIAL_MESSAGES.refreshFailing(name)
              : row.status_reason;
    await settle(row, lease, {
      status,
      status_reason: statusReason,
      refresh_attempts: attempts,
      next_refresh_at: final || waiting ? null : new Date(now.getTime() + backoff),
      key_missing_since: waiting ? (row.key_missing_since ?? now) : null,
    });
    // The team hears once that this credential stopped working (the digest, the webhook): a
    // failure it can act on, not one that waits for a server's key, nor a first retry.
    if (!waiting && status !== 'connected') {
      await createCredentialEventsRepository(deps.db).record({
        teamId: row.team_id,
        credentialId: row.id,
        kind: reason === 'revoked' ? 'revoked' : 'failed',
        // Since its last good refresh: a failure after a later success is another happening.
        occurrence: (row.last_refreshed_at ?? row.created_at).toISOString(),
        details: { reason, status, statusReason },
        occurredAt: now,
      });
    }
    await recordAudit(deps.db, {
      teamId: row.team_id,
      actorUserId: null,
      action: 'data_source.refresh_failed',
      details: {
        connectorId: row.connector_id,
        credentialId: row.id,
        reason,
        attempt: attempts,
        status,
        ...(waiting ? { keyVersion: row.key_version } : {}),
      },
    });
    deps.log.warn(
      { credentialId: row.id, connectorId: row.connector_id, reason, attempt: attempts },
      final
        ? 'refresh refused: the credential needs reconnecting'
        : waiting
          ? "refresh waits for a server holding the credential's token key"
          : 'refresh failed; will retry',
    );
    return final ? 'revoked' : 'failed';
  }

  /** The claim being worked on now, if any: released by releaseClaims at shutdown. */
  let current: { row: CredentialRow; lease: Date } | undefined;

  return {
    /**
     * Refreshes one credential now, under the same lease as the timed refresh: 'busy' when
     * another instance is refreshing it at this moment (its result lands in the row shortly).
     */
    async refreshNow(teamId: string, credentialId: string): Promise<keyof RefreshSummary | 'busy'> {
      const claimed = await claimOne(teamId, credentialId);
      if (!claimed) return 'busy';
      return refreshOne(claimed.row, claimed.lease);
    },

    /**
     * Refreshes every credential due now (at most `limit`); answers what happened. An aborted
     * `signal` (shutdown) stops it claiming more; the refresh under way finishes.
     */
    async runOnce(limit = 100, signal?: AbortSignal): Promise<RefreshSummary> {
      const summary: RefreshSummary = { refreshed: 0, revoked: 0, failed: 0 };
      // The demo key file may have gained a key (rotate-keys --add-key): credentials waiting for it
      // become claimable here without a restart.
      deps.cipher.reload();
      for (let i = 0; i < limit && !signal?.aborted; i += 1) {
        const claimed = await claim();
        if (!claimed) break;
        current = claimed;
        try {
          summary[await refreshOne(claimed.row, claimed.lease)] += 1;
        } finally {
          current = undefined;
        }
      }
      return summary;
    },
    /** Gives back the lease of a refresh still under way (shutdown could not wait for it). */
    async releaseClaims(): Promise<void> {
      const held = current;
      if (held) await release(held.row, held.lease);
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
