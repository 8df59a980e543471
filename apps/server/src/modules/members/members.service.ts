import { hasPermissions } from '@gds/contract';
import type { TeamUser } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { effectivePermissions, holdsAll } from '../team/role-permissions.ts';
import { findRole } from '../roles/roles.service.ts';
import { lockTeam } from '../team/team.service.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { handOverCredentials, successorOf } from './hand-over.ts';
import { toTeamUser } from './members.mappers.ts';
import type { MemberRow } from './members.repository.ts';
import { createMembersRepository } from './members.repository.ts';

export const MEMBER_MESSAGES = {
  notFound: 'That member is not in your team.',
  heirNotFound: 'The member chosen to take over the data-source logins is not in your team.',
  heirLeaving: 'Choose someone who stays in the team to take over the data-source logins.',
  removeSelf: 'You cannot remove yourself. Use Leave team instead.',
  outranked: 'You can only change or remove members whose permissions you hold yourself.',
  grantMore: 'You can only give a role whose permissions you hold yourself.',
  lastSuperAdmin: (who: string) =>
    `${who} is the team's only Super Admin. Make someone else Super Admin first.`,
  leaveLastSuperAdmin:
    "You are the team's only Super Admin. Make someone else Super Admin first, then leave.",
} as const;

/**
 * Ends what a member's access to the team's data gave out (the connector's grants and their
 * tokens), in the transaction of the change that takes the access away. A parameter because
 * the module that owns those grants comes later in the module order; app.ts wires it.
 */
export type EndDataAccess = (tx: Db, member: { teamId: string; userId: string }) => Promise<void>;

/** Members: the list with seats, one member, role changes, removal and leaving. */
export function createMembersService(deps: { db: Db; clock: Clock; endDataAccess: EndDataAccess }) {
  const repo = createMembersRepository(deps.db);

  /** Locks the team, then finds a member the caller may act on (never another team's). */
  async function lockedMember(tx: Db, caller: SessionUser, userId: string) {
    await lockTeam(tx, caller.teamId);
    const member = await createMembersRepository(tx).find(caller.teamId, userId);
    if (!member) throw notFound('That member');
    if (!holdsAll(caller.permissions, permissionsOf(member))) {
      throw new AppError('FORBIDDEN', MEMBER_MESSAGES.outranked);
    }
    return member;
  }

  /** A team can never be left without a Super Admin while it has members. */
  async function refuseLastSuperAdmin(tx: Db, teamId: string, member: MemberRow) {
    if (member.built_in !== 'super_admin') return;
    const admins = await createMembersRepository(tx).superAdmins(teamId);
    if (admins.length <= 1) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.lastSuperAdmin(member.email));
    }
  }

  async function heir(tx: Db, teamId: string, id: string, leaving: string) {
    if (id === leaving)
      throw new AppError('VALIDATION_FAILED', MEMBER_MESSAGES.heirLeaving, 'transferTo');
    const found = await createMembersRepository(tx).find(teamId, id);
    if (!found) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.heirNotFound);
    return found;
  }

  return {
    async list(user: SessionUser) {
      // The list is every member, so it counts them; the limit comes with the request's own
      // read of the team, made moments ago in the same request.
      const [rows, pending] = await Promise.all([
        repo.list(user.teamId),
        repo.pendingInvitations(user.teamId, deps.clock()),
      ]);
      return {
        users: rows.map(toTeamUser),
        seats: { members: rows.length, pendingInvitations: pending, limit: user.team.user_limit },
      };
    },

    async get(user: SessionUser, email: string): Promise<{ user: TeamUser }> {
      const row = await repo.findByEmail(user.teamId, email);
      if (!row) throw notFound('That member');
      return { user: toTeamUser(row) };
    },

    /** Gives a member another role of the team, in one transaction with its log entry. */
    async changeRole(user: SessionUser, input: { userId: string; roleId: string }) {
      await deps.db.transaction().execute(async (tx) => {
        const member = await lockedMember(tx, user, input.userId);
        const role = await findRole(tx, user.teamId, input.roleId);
        if (!role) throw notFound('That role');
        if (!holdsAll(user.permissions, effectivePermissions(role.built_in, role.permissions))) {
          throw new AppError('FORBIDDEN', MEMBER_MESSAGES.grantMore);
        }
        if (role.id === member.role_id) return;
        if (role.built_in !== 'super_admin') await refuseLastSuperAdmin(tx, user.teamId, member);
        await createMembersRepository(tx).setRole(user.teamId, member.id, role.id);
        // A role that grants nothing gives no access at all, to the team's data neither.
        if (!hasPermissions(effectivePermissions(role.built_in, role.permissions), [])) {
          await deps.endDataAccess(tx, { teamId: user.teamId, userId: member.id });
        }
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'member.role_change',
          details: {
            userId: member.id,
            email: member.email,
            fromRole: member.role_name,
            toRole: role.name,
          },
        });
      });
      const row = await repo.find(user.teamId, input.userId);
      if (!row) throw notFound('That member');
      return { user: toTeamUser(row) };
    },

    /**
     * Removes a member: their data-source logins go to `transferTo` (default: the caller) and
     * the user is deleted, which ends their sessions at once.
     */
    async remove(user: SessionUser, input: { id: string; transferTo?: string | undefined }) {
      if (input.id === user.id) {
        throw new AppError('VALIDATION_FAILED', MEMBER_MESSAGES.removeSelf, 'id');
      }
      return deps.db.transaction().execute(async (tx) => {
        const member = await lockedMember(tx, user, input.id);
        await refuseLastSuperAdmin(tx, user.teamId, member);
        const to = await heir(tx, user.teamId, input.transferTo ?? user.id, member.id);
        const moved = await handOverCredentials(tx, {
          teamId: user.teamId,
          from: member,
          to,
          actorUserId: user.id,
        });
        await deps.endDataAccess(tx, { teamId: user.teamId, userId: member.id });
        await createMembersRepository(tx).remove(user.teamId, member.id);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'member.remove',
          details: { userId: member.id, email: member.email, role: member.role_name },
        });
        return { success: true as const, credentialsTransferred: moved };
      });
    },

    /**
     * The caller leaves: their logins go to `transferTo` (default: the longest-standing other
     * Super Admin) and their user is deleted. The only member leaving leaves the team as it
     * is, with its data.
     */
    async leave(user: SessionUser, input: { transferTo?: string | undefined }) {
      await deps.db.transaction().execute(async (tx) => {
        await lockTeam(tx, user.teamId);
        const successor = await successorOf(
          tx,
          user.teamId,
          user,
          MEMBER_MESSAGES.leaveLastSuperAdmin,
        );
        const to = input.transferTo
          ? await heir(tx, user.teamId, input.transferTo, user.id)
          : successor;
        if (to) {
          await handOverCredentials(tx, {
            teamId: user.teamId,
            from: user,
            to,
            actorUserId: user.id,
          });
        }
        await deps.endDataAccess(tx, { teamId: user.teamId, userId: user.id });
        await createMembersRepository(tx).remove(user.teamId, user.id);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'member.leave',
          details: { userId: user.id, email: user.email },
        });
      });
      return { success: true as const };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

function permissionsOf(member: MemberRow) {
  return effectivePermissions(member.built_in, member.permissions);
}
