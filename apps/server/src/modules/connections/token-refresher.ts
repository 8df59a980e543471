import type { FastifyBaseLogger } from 'fastify';
import { findConnector } from '@gds/contract';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import type { Updateable } from 'kysely';
import type { CredentialRow, DataSourceCredentialsTable } from '../../db/schema.ts';
import { createTeamRepository } from '../team/team.repository.ts';
import { CONNECT_MESSAGES } from './messages.ts';
import { refreshAccessToken } from './oauth2-client.ts';
import type { ProviderDirectory } from './provider-directory.ts';
import { ProviderError } from './provider-http.ts';
import { sealContext } from './store-connection.ts';

const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface RefreshSummary {
  refreshed: number;
  revoked: number;
  failed: number;
}

/**
 * Keeps access tokens fresh in every instance (RELIABILITY 21). A credential due for refresh
 * is claimed with FOR UPDATE SKIP LOCKED and a lease in one short transaction, so exactly one
 * instance refreshes it, without holding a database connection during the provider call. The
 * result is written only if the lease is still ours (a reconnect meanwhile wins).
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
  // Longer than any refresh can take, so a lease only lapses when its instance died.
  const leaseMs = deps.config.connectorTimeoutMs * 3;

  async function claim(): Promise<{ row: CredentialRow; lease: Date } | undefined> {
    return deps.db.transaction().execute(async (tx) => {
      const now = deps.clock();
      const row = await tx
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('refresh_token_enc', 'is not', null)
        .where('status', '<>', 'needs_reconnect')
        .where('expires_at', '<=', new Date(now.getTime() + refresh.marginMs))
        .where((eb) => eb.or([eb('next_refresh_at', 'is', null), eb('next_refresh_at', '<=', now)]))
        .where((eb) =>
          eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', now)]),
        )
        .orderBy('expires_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      const lease = new Date(now.getTime() + leaseMs);
      await tx
        .updateTable('data_source_credentials')
        .set({ refresh_claimed_until: lease })
        .where('id', '=', row.id)
        .execute();
      return { row, lease };
    });
  }

  /** Writes a result if this instance still holds the lease. */
  async function settle(
    row: CredentialRow,
    lease: Date,
    values: Updateable<DataSourceCredentialsTable>,
  ) {
    await deps.db
      .updateTable('data_source_credentials')
      .set({ ...values, refresh_claimed_until: null, updated_at: deps.clock() })
      .where('id', '=', row.id)
      .where('refresh_claimed_until', '=', lease)
      .execute();
  }

  async function refreshOne(row: CredentialRow, lease: Date): Promise<keyof RefreshSummary> {
    const connector = findConnector(row.connector_id);
    const provider = deps.providers.find(row.connector_id);
    const name = connector?.name ?? 'The provider';
    try {
      if (!provider?.api.oauth2 || !row.refresh_token_enc) {
        throw new ProviderError('unavailable', `${name} is not configured on this server`);
      }
      const current = deps.cipher.decrypt(
        row.refresh_token_enc,
        row.key_version,
        sealContext(row.id, 'refresh'),
      );
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
      const revoked = error.kind === 'refused';
      const attempts = row.refresh_attempts + 1;
      const now = deps.clock();
      const backoff = Math.min(refresh.intervalMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      const status = revoked
        ? 'needs_reconnect'
        : attempts >= refresh.maxAttempts
          ? 'error'
          : row.status;
      await settle(row, lease, {
        status,
        status_reason: revoked
          ? CONNECT_MESSAGES.revoked(name)
          : status === 'error'
            ? CONNECT_MESSAGES.refreshFailing(name)
            : row.status_reason,
        refresh_attempts: attempts,
        next_refresh_at: revoked ? null : new Date(now.getTime() + backoff),
      });
      await createTeamRepository(deps.db).audit({
        teamId: row.team_id,
        actorUserId: null,
        action: 'data_source.refresh_failed',
        details: {
          connectorId: row.connector_id,
          credentialId: row.id,
          reason: revoked ? 'revoked' : error.kind,
          attempt: attempts,
          status,
        },
      });
      deps.log.warn(
        {
          credentialId: row.id,
          connector: connector?.nameSimple,
          kind: error.kind,
          attempt: attempts,
        },
        revoked ? 'refresh refused: the login needs reconnecting' : 'refresh failed; will retry',
      );
      return revoked ? 'revoked' : 'failed';
    }
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
