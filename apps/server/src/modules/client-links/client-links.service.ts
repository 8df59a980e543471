import { CLIENT_LINK_PATH_PREFIX, findConnector } from '@gds/contract';
import type { ClientLink } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.service.ts';
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

/** The client links of the caller's team: list, create (copy or email) and revoke. */
export function createClientLinksService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  providers: ProviderDirectory;
}) {
  const repo = createClientLinksRepository(deps.db);

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
      const token = newToken();
      const now = deps.clock();
      const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
      const recipientEmail = input.recipientEmail || null;
      const multiUse = input.multiUse === 'true';
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
          },
        });
        return linkId;
      });
      const url = `${origin}${CLIENT_LINK_PATH_PREFIX}${token}`;
      const row = await repo.find(user.teamId, id);
      if (!row) throw notFound('That client link');
      const link = toClientLink(row, deps.clock(), await teamPeople(deps.db, user.teamId));
      const emailSent =
        recipientEmail && input.sendEmail !== 'false'
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
              }),
            )
          : false;
      return { link, url, emailSent };
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
