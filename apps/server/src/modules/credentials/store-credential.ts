import { randomUUID } from 'node:crypto';
import type { ConnectorDefinition } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { FoundItem } from '@gds/contract/json-path';
import { lockAccountLimit } from '../team/team-plan.service.ts';
import { CREDENTIAL_MESSAGES } from './credential-messages.ts';
import { createCredentialEventsRepository } from './credential-events.repository.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import type { ExpiryForecast } from './expiry-forecast.ts';
import { sealContext } from './seal-context.ts';
import { storeAccounts } from './store-accounts.ts';

/** A credential the provider has confirmed, ready to be stored. */
export interface VerifiedCredential {
  teamId: string;
  /** The member connecting; null for a client connecting through a link (`client` says who). */
  userId: string | null;
  /** A client's connection through a client link: the email it is credited to, and the link. */
  client?: { email: string; linkId: string };
  /**
   * Run inside the storing transaction, before and after the store: a throw (ConnectRefused
   * for a refusal the person can act on) undoes everything, so a use of a link and the
   * credential it brought exist together or not at all.
   */
  guard?: (tx: Db) => Promise<void>;
  after?: (tx: Db, stored: StoredCredential) => Promise<void>;
  connector: ConnectorDefinition;
  /** The credential being reconnected (from the state), or null for a new one. */
  reconnect: string | null;
  identity: FoundItem;
  accounts: FoundItem[];
  /**
   * The access token (a form login: its fields as JSON) and what came with it, with when the
   * login stops working unless reconnected (null: not known).
   */
  secret: {
    access: string;
    refresh: string | undefined;
    expiresAt: Date | null;
    scopes: string;
    expiry: ExpiryForecast | null;
  };
}

export interface StoredCredential {
  credential: { id: string; name: string };
  accountsAdded: number;
  accountsSkipped: number;
  reconnected: boolean;
}

/** A refusal the user can act on (wrong account at the provider, credential gone). */
export class ConnectRefused extends Error {
  override name = 'ConnectRefused';
}

/**
 * Stores a credential and its accounts in one transaction, so a failure leaves nothing
 * half-made. The same person at the same provider is one credential per team, updated in
 * place; accounts are added up to the plan's limit (the team row is locked, so two
 * connections cannot both take the last place).
 */
export async function storeCredential(
  deps: { db: Db; cipher: TokenCipher; clock: Clock },
  input: VerifiedCredential,
): Promise<StoredCredential> {
  const { connector, teamId, identity } = input;
  return deps.db.transaction().execute(async (tx) => {
    const repo = createCredentialsRepository(tx);
    const limit = await lockAccountLimit(tx, teamId);
    await input.guard?.(tx);
    const existing = await repo.findByIdentity(teamId, connector.id, identity.id);
    if (input.reconnect) {
      const target = await repo.find(teamId, input.reconnect);
      if (!target || target.connector_id !== connector.id) {
        throw new ConnectRefused(CREDENTIAL_MESSAGES.gone);
      }
      if (target.external_user_id !== identity.id) {
        throw new ConnectRefused(
          CREDENTIAL_MESSAGES.wrongAccount(connector.name, target.display_name),
        );
      }
    }
    const now = deps.clock();
    const id = existing?.id ?? randomUUID();
    // A provider that sends no new refresh token keeps the previous one valid.
    const refresh =
      input.secret.refresh ??
      (existing?.refresh_token_enc
        ? deps.cipher.decrypt(
            existing.refresh_token_enc,
            existing.key_version,
            sealContext(id, 'refresh'),
          )
        : undefined);
    const sealed = {
      display_name: identity.name,
      access_token_enc: deps.cipher.encrypt(input.secret.access, sealContext(id, 'access')),
      refresh_token_enc: refresh ? deps.cipher.encrypt(refresh, sealContext(id, 'refresh')) : null,
      key_version: deps.cipher.currentVersion,
      expires_at: input.secret.expiresAt,
      scopes: input.secret.scopes,
      refresh_expires_at: input.secret.expiry?.at ?? null,
      refresh_expires_source: input.secret.expiry?.source ?? null,
      status: 'connected' as const,
      status_reason: null,
      last_refreshed_at: now,
      next_refresh_at: null,
      refresh_attempts: 0,
      refresh_claimed_until: null,
      key_missing_since: null,
      updated_at: now,
    };
    if (existing) {
      await repo.update(teamId, id, sealed);
    } else {
      await repo.insert({
        ...sealed,
        id,
        team_id: teamId,
        connector_id: connector.id,
        external_user_id: identity.id,
        created_by: input.userId,
        connected_by_email: input.client?.email ?? null,
        client_link_id: input.client?.linkId ?? null,
        created_at: now,
      });
    }

    const { added, skipped } = await storeAccounts(tx, {
      teamId,
      credentialId: id,
      connectorId: connector.id,
      userId: input.userId,
      limit,
      accounts: input.accounts,
      now,
      reconnect: Boolean(existing),
    });

    await recordAudit(tx, {
      teamId,
      actorUserId: input.userId,
      action: existing ? 'data_source.reconnect' : 'data_source.connect',
      details: {
        connectorId: connector.id,
        credentialId: id,
        credentialName: identity.name,
        accountsAdded: added,
        accountsSkipped: skipped,
        ...(input.client ? { connectedByEmail: input.client.email } : {}),
      },
    });
    // A credential that had stopped working, or that someone chose to reconnect, is told to
    // the team as reconnected (the digest and webhook said it failed or was expiring).
    if (existing && (existing.status !== 'connected' || input.reconnect)) {
      await createCredentialEventsRepository(tx).record({
        teamId,
        credentialId: id,
        kind: 'reconnected',
        occurrence: now.toISOString(),
        details: {
          previousStatus: existing.status,
          ...(input.client ? { connectedByEmail: input.client.email } : {}),
        },
        occurredAt: now,
      });
    }
    const stored = {
      credential: { id, name: identity.name },
      accountsAdded: added,
      accountsSkipped: skipped,
      reconnected: Boolean(existing),
    };
    await input.after?.(tx, stored);
    return stored;
  });
}
