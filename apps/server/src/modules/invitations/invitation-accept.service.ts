import type { BusinessUnit } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { handOverCredentials, successorOf } from '../members/hand-over.ts';
import {
  credentialCountOf,
  memberCount,
  moveMember,
  superAdminsOf,
} from '../members/membership.service.ts';
import type { EndDataAccess } from '../members/members.service.ts';
import { findRole } from '../roles/roles.service.ts';
import { hashToken } from '../sessions/session-token.ts';
import { addUser, findTeam, lockTeam } from '../team/team.service.ts';
import type { SignInIdentity } from '../team/team.service.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { INVITATION_MESSAGES, lockSeats } from './invitation-rules.ts';
import { inviterName, statusOf } from './invitations.mappers.ts';
import type { InvitationView } from './invitations.repository.ts';
import { createInvitationsRepository } from './invitations.repository.ts';

/** An invitation a sign-in carries, checked against the identity that signed in. */
export interface SignInInvitation {
  id: string;
  teamId: string;
  teamName: string;
  token: string;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Using an invitation link: the page's view of it, accepting it as a signed-in member of
 * another team (a move), and joining as a new person at sign-in.
 */
export function createInvitationAcceptance(deps: {
  db: Db;
  clock: Clock;
  endDataAccess: EndDataAccess;
}) {
  async function byToken(unit: BusinessUnit, token: string, db: Db = deps.db) {
    const row = await createInvitationsRepository(db).findByTokenHash(hashToken(token));
    return row && row.business_unit === unit ? row : undefined;
  }

  /** The pending invitation's role in its team, or the reason it cannot be used. */
  async function usable(tx: Db, row: InvitationView, fail: (message: string) => AppError) {
    const status = statusOf(row, deps.clock());
    if (status !== 'pending') throw fail(INVITATION_MESSAGES.dead(status, inviterName(row)));
    const role = await findRole(tx, row.team_id, row.role_id ?? '');
    if (!role) throw fail(INVITATION_MESSAGES.dead('revoked', inviterName(row)));
    return role;
  }

  /** Marks it accepted (once, even when two tabs race) and records who joined with which role. */
  async function join(
    tx: Db,
    row: InvitationView,
    who: { id: string; email: string },
    role: string,
  ) {
    if (!(await createInvitationsRepository(tx).claim(row.team_id, row.id, deps.clock()))) {
      throw new AppError('CONFLICT', INVITATION_MESSAGES.dead('accepted', ''));
    }
    await recordAudit(tx, {
      teamId: row.team_id,
      actorUserId: who.id,
      action: 'member.join',
      details: { userId: who.id, email: who.email, role, invitationId: row.id },
    });
  }

  return {
    /** What the invitation page shows, with what accepting would change for the viewer. */
    async info(unit: BusinessUnit, token: string, viewer: SessionUser | null) {
      const row = await byToken(unit, token);
      if (!row) throw notFound('That invitation');
      return {
        status: statusOf(row, deps.clock()),
        teamName: row.team_name,
        email: row.email,
        roleName: row.role_name ?? '',
        invitedByName: inviterName(row),
        expiresAt: row.expires_at.toISOString(),
        viewer: viewer ? await viewerOf(row, viewer) : null,
      };
    },

    /**
     * The signed-in invitee joins the team with the invited role, leaving their current team:
     * the data-source logins they authorised stay there with its longest-standing Super Admin.
     * Answers whether they moved (false: they had already accepted it).
     */
    async accept(user: SessionUser, token: string): Promise<{ teamName: string; moved: boolean }> {
      return deps.db.transaction().execute(async (tx) => {
        const row = await byToken(user.teamUnit, token, tx);
        if (!row) throw notFound('That invitation');
        // Someone else's invitation is not theirs to use: not found, as every other team's row.
        if (!sameEmail(row.email, user.email)) {
          throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notForYou);
        }
        if (row.accepted_at && user.teamId === row.team_id) {
          return { teamName: row.team_name, moved: false };
        }
        const role = await usable(tx, row, (message) => new AppError('CONFLICT', message));
        if (user.teamId === row.team_id) {
          throw new AppError('CONFLICT', INVITATION_MESSAGES.youAreMember(row.team_name));
        }
        // Both teams change: lock them in one order, so two moves in opposite directions wait.
        const [first, second] = [user.teamId, row.team_id].sort();
        await lockTeam(tx, first ?? '');
        await lockTeam(tx, second ?? '');
        const current = await findTeam(tx, user.teamId);
        const heir = await successorOf(
          tx,
          user.teamId,
          user,
          INVITATION_MESSAGES.lastSuperAdmin(current?.name ?? ''),
        );
        await lockSeats(tx, deps, row.team_id, 0);
        await join(tx, row, user, role.name);
        if (heir) {
          await handOverCredentials(tx, {
            teamId: user.teamId,
            from: user,
            to: heir,
            actorUserId: user.id,
          });
        }
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'member.leave',
          details: { userId: user.id, email: user.email, joinedAnotherTeam: true },
        });
        // What the member gave the connector in the team they leave ends with their move.
        await deps.endDataAccess(tx, { teamId: user.teamId, userId: user.id });
        await moveMember(tx, user.teamId, user.id, {
          teamId: row.team_id,
          roleId: role.id,
          now: deps.clock(),
        });
        return { teamName: row.team_name, moved: true };
      });
    },

    /**
     * A sign-in carrying an invitation link: the link must name a team of this unit and have
     * been sent to the email that signed in; otherwise the sign-in fails and nothing is made.
     */
    async forSignIn(unit: BusinessUnit, token: string, email: string): Promise<SignInInvitation> {
      const row = await byToken(unit, token);
      const failed = (message: string) => new AppError('LOGIN_FAILED', message);
      if (!row) throw failed(INVITATION_MESSAGES.unknownLink);
      if (!sameEmail(row.email, email)) {
        throw failed(INVITATION_MESSAGES.signedInAsOther(row.email, email));
      }
      return { id: row.id, teamId: row.team_id, teamName: row.team_name, token };
    },

    /**
     * A new person signing in with their invitation is created straight into the team with the
     * invited role (no team of their own). Runs in the sign-in's transaction; any refusal
     * fails the sign-in with nothing created.
     */
    async joinAsNewUser(
      tx: Db,
      invitation: SignInInvitation,
      identity: SignInIdentity,
      unit: BusinessUnit,
    ) {
      const failed = (message: string) => new AppError('LOGIN_FAILED', message);
      const row = await createInvitationsRepository(tx).find(invitation.teamId, invitation.id);
      if (!row) throw failed(INVITATION_MESSAGES.unknownLink);
      const role = await usable(tx, row, failed);
      await lockSeats(tx, deps, row.team_id, 0, () =>
        failed(INVITATION_MESSAGES.teamFull(row.team_name)),
      );
      const userId = await addUser(tx, {
        unit,
        teamId: row.team_id,
        roleId: role.id,
        identity,
        now: deps.clock(),
      });
      await join(tx, row, { id: userId, email: identity.email }, role.name);
      return userId;
    },
  };

  /** The signed-in viewer of the page: what accepting would change for them, or why it cannot. */
  async function viewerOf(row: InvitationView, viewer: SessionUser) {
    const current = await findTeam(deps.db, viewer.teamId);
    const teamName = current?.name ?? '';
    const isInvitee = sameEmail(row.email, viewer.email);
    const isMember = viewer.teamId === row.team_id;
    const others = (await memberCount(deps.db, viewer.teamId)) - 1;
    const admins = await superAdminsOf(deps.db, viewer.teamId);
    const lastSuperAdmin = admins.length === 1 && admins[0]?.id === viewer.id && others > 0;
    return {
      email: viewer.email,
      isInvitee,
      isMember,
      currentTeamName: teamName,
      leavesEmptyTeam: !isMember && others === 0,
      credentialCount: await credentialCountOf(deps.db, viewer.teamId, viewer.id),
      blockedReason: !isInvitee
        ? INVITATION_MESSAGES.signedInAsOther(row.email, viewer.email)
        : isMember
          ? INVITATION_MESSAGES.youAreMember(row.team_name)
          : lastSuperAdmin
            ? INVITATION_MESSAGES.lastSuperAdmin(teamName)
            : null,
    };
  }
}

export type InvitationAcceptance = ReturnType<typeof createInvitationAcceptance>;
