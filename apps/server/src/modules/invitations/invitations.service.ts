import { INVITATION_PATH_PREFIX, INVITATION_TTL_DAYS } from '@gds/contract';
import type { Invitation } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findMemberByEmail } from '../members/membership.service.ts';
import { effectivePermissions, holdsAll } from '../team/role-permissions.ts';
import { findRole } from '../roles/roles.service.ts';
import { hashToken, newToken } from '../sessions/session-token.ts';
import { lockTeam } from '../team/team.service.ts';
import { assertTeamCanGrow } from '../team/team-plan.service.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { invitationMail } from './invitation-mail.ts';
import { INVITATION_MESSAGES, lockSeats } from './invitation-rules.ts';
import { inviterName, statusOf, toInvitation } from './invitations.mappers.ts';
import type { InvitationView } from './invitations.repository.ts';
import { createInvitationsRepository } from './invitations.repository.ts';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

interface Sent {
  invitation: Invitation;
  acceptUrl: string;
  emailSent: boolean;
}

/**
 * Invitations of the caller's team: list, create, resend (a new link) and revoke. `origin` is
 * the app origin the inviter is on; the accept link points there.
 */
export function createInvitationsService(deps: { db: Db; clock: Clock; mailer: Mailer }) {
  const repo = createInvitationsRepository(deps.db);

  /** The role an invitation gives, refused when it grants more than the inviter holds. */
  async function grantableRole(tx: Db, user: SessionUser, roleId: string) {
    const role = await findRole(tx, user.teamId, roleId);
    if (!role) throw notFound('That role');
    if (!holdsAll(user.permissions, effectivePermissions(role.built_in, role.permissions))) {
      throw new AppError('FORBIDDEN', INVITATION_MESSAGES.grantMore);
    }
    return role;
  }

  /** Reads the invitation back, emails its new link if asked, and answers it. */
  async function sent(
    user: SessionUser,
    id: string,
    token: string,
    origin: string,
    email: boolean,
  ) {
    const row = await repo.find(user.teamId, id);
    if (!row) throw notFound('That invitation');
    const acceptUrl = `${origin}${INVITATION_PATH_PREFIX}${token}`;
    const emailSent = email
      ? await deps.mailer.send(
          invitationMail({
            unit: row.business_unit,
            to: row.email,
            teamName: row.team_name,
            inviter: inviterName(row),
            roleName: row.role_name ?? '',
            acceptUrl,
            expiresAt: row.expires_at,
          }),
        )
      : false;
    return { invitation: toInvitation(row, deps.clock()), acceptUrl, emailSent };
  }

  return {
    async list(user: SessionUser): Promise<{ invitations: Invitation[] }> {
      const now = deps.clock();
      return {
        invitations: (await repo.listOpen(user.teamId)).map((row) => toInvitation(row, now)),
      };
    },

    /**
     * Invites someone with a role. Every check (role, membership, a pending invitation, a free
     * seat) passes before anything is written or any email goes. An expired invitation of the
     * same person is renewed rather than duplicated.
     */
    async create(
      user: SessionUser,
      input: { email: string; roleId: string },
      origin: string,
    ): Promise<Sent> {
      const token = newToken();
      const id = await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock();
        await lockTeam(tx, user.teamId);
        const role = await grantableRole(tx, user, input.roleId);
        if (await findMemberByEmail(tx, user.teamId, input.email)) {
          throw new AppError('CONFLICT', INVITATION_MESSAGES.alreadyMember(input.email));
        }
        const txRepo = createInvitationsRepository(tx);
        const open = await txRepo.findOpenByEmail(user.teamId, input.email);
        if (open && open.expires_at > now) {
          throw new AppError('CONFLICT', INVITATION_MESSAGES.alreadyInvited(input.email));
        }
        await assertTeamCanGrow(tx, user.teamId, now, 'invite');
        await lockSeats(tx, deps, user.teamId, 1);
        const expiresAt = new Date(now.getTime() + TTL_MS);
        const tokenHash = hashToken(token);
        let invitationId = open?.id;
        if (invitationId) {
          const renewed = { roleId: role.id, invitedBy: user.id, now };
          await txRepo.renew(user.teamId, invitationId, { tokenHash, expiresAt, renewed });
        } else {
          invitationId = await txRepo.insert({
            teamId: user.teamId,
            email: input.email,
            roleId: role.id,
            tokenHash,
            invitedBy: user.id,
            now,
            expiresAt,
          });
        }
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'invitation.create',
          details: { invitationId, email: input.email, roleId: role.id, role: role.name },
        });
        return invitationId;
      });
      return sent(user, id, token, origin, true);
    },

    /** A new link valid another 7 days; the old one stops working. An expired one needs a seat. */
    async resend(
      user: SessionUser,
      input: { id: string; sendEmail: 'true' | 'false' },
      origin: string,
    ): Promise<Sent> {
      const token = newToken();
      const email = input.sendEmail === 'true';
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock();
        await lockTeam(tx, user.teamId);
        const row = await openInvitation(tx, user.teamId, input.id);
        await assertTeamCanGrow(tx, user.teamId, now, 'invite');
        await grantableRole(tx, user, row.role_id ?? '');
        await lockSeats(tx, deps, user.teamId, statusOf(row, now) === 'pending' ? 0 : 1);
        await createInvitationsRepository(tx).renew(user.teamId, row.id, {
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + TTL_MS),
        });
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'invitation.resend',
          details: { invitationId: row.id, email: row.email, emailed: email },
        });
      });
      return sent(user, input.id, token, origin, email);
    },

    async revoke(user: SessionUser, id: string): Promise<{ success: true }> {
      await deps.db.transaction().execute(async (tx) => {
        const row = await openInvitation(tx, user.teamId, id);
        await createInvitationsRepository(tx).revoke(user.teamId, row.id, deps.clock());
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'invitation.revoke',
          details: { invitationId: row.id, email: row.email },
        });
      });
      return { success: true };
    },
  };
}

/** An invitation of the team not yet accepted or revoked; anything else is not found. */
async function openInvitation(tx: Db, teamId: string, id: string): Promise<InvitationView> {
  const row = await createInvitationsRepository(tx).find(teamId, id);
  if (!row || row.accepted_at || row.revoked_at) throw notFound('That invitation');
  return row;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
