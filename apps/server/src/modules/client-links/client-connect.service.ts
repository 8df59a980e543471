import { findConnector } from '@gds/contract';
import type { BusinessUnit, ResponseOf, clientLinks } from '@gds/contract';
import { AppError } from '../../lib/errors.ts';
import type { ConnectionDeps } from '../connection/connection-deps.ts';
import { readClientConnectionResult } from '../connection/connection-results.service.ts';
import { issueConnectionState } from '../connection/connection-state.ts';
import { hashToken } from '../sessions/session-token.ts';
import { findTeam } from '../team/team.service.ts';
import { CLIENT_LINK_MESSAGES } from './client-link-messages.ts';
import { accountRoom, linkableConnector } from './client-link-rules.ts';
import { statusOf } from './client-links.mappers.ts';
import type { ClientLinkView } from './client-links.repository.ts';
import { createClientLinksRepository } from './client-links.repository.ts';

type Info = ResponseOf<typeof clientLinks.getClientLinkInfo>;

/**
 * The client's side of a link: the page's facts, starting the provider's consent, and the
 * result page. No session: the link's token is the only credential, and the connection is
 * bound to the client's browser by its own cookie (`browser`).
 */
export function createClientConnect(deps: ConnectionDeps) {
  const repo = createClientLinksRepository(deps.db);

  /** The link a token names, in the unit the page is on; anything else is not valid. */
  async function linkOf(unit: BusinessUnit, token: string): Promise<ClientLinkView> {
    const row = await repo.findByTokenHash(hashToken(token));
    if (!row || row.business_unit !== unit) {
      throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.unknownLink);
    }
    return row;
  }

  /**
   * Why an active link cannot be used right now (connector no longer allowed, plan full). A
   * reconnect link adds no accounts, so a full plan does not block it.
   */
  async function blockedReason(row: ClientLinkView): Promise<string | null> {
    try {
      await linkableConnector(deps, row.team_id, row.connector_id);
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
    if (row.credential_id) return null;
    const room = await accountRoom(deps.db, row.team_id);
    return room.full ? CLIENT_LINK_MESSAGES.teamFull(row.team_name) : null;
  }

  return {
    async info(unit: BusinessUnit, token: string): Promise<Info> {
      const row = await linkOf(unit, token);
      const status = statusOf(row, deps.clock());
      return {
        status,
        teamName: row.team_name,
        connectorId: row.connector_id,
        connectorName: findConnector(row.connector_id)?.name ?? '',
        expiresAt: row.expires_at.toISOString(),
        recipientEmail: row.recipient_email,
        blockedReason: status === 'active' ? await blockedReason(row) : null,
        reconnectLogin: row.credential_id ? (row.credential_name ?? null) : null,
      };
    },

    /**
     * Starts the provider's consent for the client: the link must work, its connector still
     * be allowed and the team have room (unless it reconnects a login). The state (10
     * minutes, once) is bound to `browser` and carries the link, the email to credit and the
     * credential a reconnect link re-authorizes.
     */
    async start(input: {
      unit: BusinessUnit;
      token: string;
      email: string;
      browser: string;
      origin: string;
    }): Promise<{ authUri: string }> {
      const row = await linkOf(input.unit, input.token);
      const status = statusOf(row, deps.clock());
      if (status !== 'active') {
        throw new AppError('CONFLICT', CLIENT_LINK_MESSAGES.dead(status, row.team_name));
      }
      const connector = await linkableConnector(deps, row.team_id, row.connector_id);
      if (!row.credential_id && (await accountRoom(deps.db, row.team_id)).full) {
        throw new AppError('PLAN_LIMIT', CLIENT_LINK_MESSAGES.teamFull(row.team_name));
      }
      const provider = deps.providers.find(connector.id);
      const oauth2 = provider?.api.oauth2;
      if (!provider || !oauth2) {
        throw new AppError('FORBIDDEN', `${connector.name} is not available on this server yet.`);
      }
      const { authUri } = await issueConnectionState(deps, {
        holder: { kind: 'client', browser: input.browser },
        facts: {
          kind: 'client',
          unit: input.unit,
          teamId: row.team_id,
          linkId: row.id,
          email: input.email,
          credentialId: row.credential_id,
        },
        connector,
        provider,
        origin: input.origin,
      });
      if (authUri === null) {
        throw new AppError('FORBIDDEN', `${connector.name} is not available on this server yet.`);
      }
      return { authUri };
    },

    /** The result page's facts, for the browser that made the connection only. */
    async result(browser: string | undefined, id: string) {
      if (!browser) throw new AppError('NOT_FOUND', 'There is no connection result to show.');
      const { result, teamId } = await readClientConnectionResult(deps, browser, id);
      const team = await findTeam(deps.db, teamId);
      const connector = result.connector ? findConnector(result.connector) : undefined;
      return {
        teamName: team?.name ?? '',
        connectorId: connector?.id ?? 0,
        connectorName: connector?.name ?? '',
        result,
      };
    },
  };
}

export type ClientConnect = ReturnType<typeof createClientConnect>;
