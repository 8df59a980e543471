import { findConnector } from '@gds/contract';
import type { Config } from '../../config/config.ts';
import type { KeyRing } from '../../crypto/key-ring.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import { sealContext } from './seal-context.ts';
import type { TokenRefresher } from './token-refresher.ts';

/** A usable access token, or why there is none in terms a data request can act on. */
export type AccessTokenResult =
  { token: string } | { failure: 'reconnect' | 'unavailable'; reason: string };

/** How often to look again while another instance refreshes the same credential. */
const BUSY_WAIT_MS = 200;

/**
 * Access tokens for work that uses a credential right now (a report request). A token that
 * expires within the refresh margin is refreshed first, through the refresher and its lease,
 * so two instances never refresh one credential at once and a rotated refresh token is never
 * used twice. A form login's stored key never expires and is answered as is.
 */
export function createAccessTokens(deps: {
  db: Db;
  clock: Clock;
  cipher: KeyRing;
  refresher: Pick<TokenRefresher, 'refreshNow'>;
  config: Pick<Config, 'refresh' | 'connectorTimeoutMs'>;
  /** Waits between looks while another instance refreshes (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}) {
  const credentials = createCredentialsRepository(deps.db);
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  return {
    /** A fresh access token of the team's credential (refreshed first when it is due). */
    async accessTokenFor(teamId: string, credentialId: string): Promise<AccessTokenResult> {
      const deadline = Date.now() + deps.config.connectorTimeoutMs * 3;
      let refreshed = false;
      for (;;) {
        const row = await credentials.find(teamId, credentialId);
        const name = findConnector(row?.connector_id ?? 0)?.name ?? 'the data source';
        if (!row) return { failure: 'reconnect', reason: `The ${name} login no longer exists.` };
        if (row.status === 'needs_reconnect') {
          return { failure: 'reconnect', reason: row.status_reason ?? `Reconnect ${name}.` };
        }
        const due =
          row.refresh_token_enc !== null &&
          row.expires_at !== null &&
          row.expires_at.getTime() <= deps.clock().getTime() + deps.config.refresh.marginMs;
        if (!due || refreshed) {
          try {
            const token = deps.cipher.decrypt(
              row.access_token_enc,
              row.key_version,
              sealContext(row.id, 'access'),
            );
            return { token };
          } catch {
            return {
              failure: 'unavailable',
              reason: `The stored access to ${name} cannot be read on this server right now.`,
            };
          }
        }
        const outcome = await deps.refresher.refreshNow(teamId, credentialId);
        if (outcome === 'refreshed') {
          refreshed = true;
          continue;
        }
        if (outcome === 'revoked') continue; // the row now says needs_reconnect, with why
        if (outcome === 'failed') {
          return {
            failure: 'unavailable',
            reason: `${name} did not renew its access just now. We will try again.`,
          };
        }
        if (Date.now() > deadline) {
          return {
            failure: 'unavailable',
            reason: `${name} is taking long to renew its access. We will try again.`,
          };
        }
        await sleep(BUSY_WAIT_MS);
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
