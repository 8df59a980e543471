import { CLIENT_LINK_PATH_PREFIX, findConnector } from '@gds/contract';
import type { ClientLink, ConnectorDefinition } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCredential } from '../credentials/credentials.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProviderDirectory } from '../providers/provider-directory.ts';
import { hashToken, newToken } from '../sessions/session-token.ts';
import { displayName } from '../team/team.mappers.ts';
import { teamPeople } from '../team/team.service.ts';
import { clientLinkMail } from './client-link-mail.ts';
import { CLIENT_LINK_MESSAGES } from './client-link-messages.ts';
import { accountRoom, linkableConnector } from './client-link-rules.ts';
import { toClientLink } from './client-links.mappers.ts';
import { createClientLinksRepository } from './client-links.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Links that ended stay listed this long (to see who used what), then drop off the list. */
const LIST_ENDED_DAYS = 30;

export interface NewClientLink {
  connectorId: number;
  recipientEmail: string;
  multiUse: 'true' | 'false';
  expiresInDays: number;
  sendEmail: 'true' | 'false';
}

export interface ReconnectRequest {
  credentialId: string;
  recipientEmail: string;
  expiresInDays: number;
}

interface LinkToIssue {
  connector: ConnectorDefinition;
  recipientEmail: string | null;
  multiUse: boolean;
  expiresInDays: number;
  sendEmail: boolean;
  /** A reconnect link's credential. */
  credential: { id: string; name: string } | null;
}

/**
 * The client links of the caller's team: list, create (copy or email), ask a login's owner to
 * reconnect it, and revoke.
 */
export function createClientLinksService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  providers: ProviderDirectory;
}) {
  const repo = createClientLinksRepository(deps.db);

  /** Stores a link (and its audit entry) and emails it when asked; answers it with its address. */
  async function issue(user: SessionUser, origin: string, input: LinkToIssue) {
    const { connector, recipientEmail, multiUse, credential } = input;
    const token = newToken();
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const id = await deps.db.transaction().execute(async (tx) => {
      const linkId = await createClientLinksRepository(tx).insert({
        teamId: user.teamId,
        connectorId: connector.id,
        tokenHash: hashToken(token),
        recipientEmail,
        multiUse,
        createdBy: user.id,
        now,
        expiresAt,
        credentialId: credential?.id ?? null,
      });
      await recordAudit(tx, {
        teamId: user.teamId,
        actorUserId: user.id,
        action: 'client_link.create',
        details: {
          clientLinkId: linkId,
          connectorId: connector.id,
          email: recipientEmail,
          multiUse,
          expiresAt: expiresAt.toISOString(),
          ...(credential ? { credentialId: credential.id, credentialName: credential.name } : {}),
        },
      });
      return linkId;
    });
    const url = `${origin}${CLIENT_LINK_PATH_PREFIX}${token}`;
    const row = await repo.find(user.teamId, id);
    if (!row) throw notFound('That client link');
    const link = toClientLink(row, deps.clock(), await teamPeople(deps.db, user.teamId));
    const emailSent =
      recipientEmail && input.sendEmail
        ? await deps.mailer.send(
            clientLinkMail({
              unit: row.business_unit,
              to: recipientEmail,
              teamName: row.team_name,
              sender: displayName(user) || user.email,
              connectorName: connector.name,
              url,
              expiresAt,
              multiUse,
              reconnectLogin: credential?.name ?? null,
            }),
          )
        : false;
    return { link, url, emailSent };
  }

  return {
    async list(user: SessionUser): Promise<{ links: ClientLink[] }> {
      const now = deps.clock();
      const rows = await repo.listRecent(
        user.teamId,
        new Date(now.getTime() - LIST_ENDED_DAYS * DAY_MS),
      );
      const people = await teamPeople(deps.db, user.teamId);
      return { links: rows.map((row) => toClientLink(row, now, people)) };
    },

    /**
     * Makes a link for one connector. Every check (connector, plan room) passes before
     * anything is written or any email goes; the address is answered once, to copy.
     */
    async create(user: SessionUser, input: NewClientLink, origin: string) {
      const connector = await linkableConnector(deps, user.teamId, input.connectorId);
      const room = await accountRoom(deps.db, user.teamId);
      if (room.full) {
        throw new AppError('PLAN_LIMIT', CLIENT_LINK_MESSAGES.planFull(room.used, room.limit));
      }
      return issue(user, origin, {
        connector,
        recipientEmail: input.recipientEmail || null,
        multiUse: input.multiUse === 'true',
        expiresInDays: input.expiresInDays,
        sendEmail: input.sendEmail !== 'false',
        credential: null,
      });
    },

    /**
     * Emails the owner of one of the team's OAuth logins a single-use link that re-authorizes
     * that very credential. It adds no accounts, so a full plan does not stop it; the owner is
     * the typed email or else the client who connected the login.
     */
    async askToReconnect(user: SessionUser, input: ReconnectRequest, origin: string) {
      const credential = await findCredential(deps.db, user.teamId, input.credentialId);
      if (!credential) throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.reconnectUnknown);
      const connector = await linkableConnector(deps, user.teamId, credential.connector_id);
      const to = input.recipientEmail || credential.connected_by_email;
      if (!to) {
        throw new AppError(
          'VALIDATION_FAILED',
          CLIENT_LINK_MESSAGES.reconnectNoEmail,
          'recipientEmail',
        );
      }
      const { link, emailSent } = await issue(user, origin, {
        connector,
        recipientEmail: to,
        multiUse: false,
        expiresInDays: input.expiresInDays,
        sendEmail: true,
        credential: { id: credential.id, name: credential.display_name },
      });
      return { link, emailSent };
    },

    /** Stops a link; what was connected through it stays. A revoked one is not found. */
    async revoke(user: SessionUser, id: string): Promise<{ success: true }> {
      await deps.db.transaction().execute(async (tx) => {
        const txRepo = createClientLinksRepository(tx);
        const row = await txRepo.find(user.teamId, id);
        if (!row || !(await txRepo.revoke(user.teamId, row.id, deps.clock()))) {
          throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.notFoundForTeam);
        }
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'client_link.revoke',
          details: {
            clientLinkId: row.id,
            connectorId: row.connector_id,
            email: row.recipient_email,
            connectorName: findConnector(row.connector_id)?.name ?? '',
          },
        });
      });
      return { success: true };
    },
  };
}

export type ClientLinksService = ReturnType<typeof createClientLinksService>;
