import type { Permission, Role } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { lockTeam } from '../team/team.service.ts';
import type { SessionUser } from '../../http/request-context.ts';
import {
  effectivePermissions,
  fullPermissionMap,
  grantedNames,
  holdsAll,
} from '../team/role-permissions.ts';
import { PERMISSION_IDENTIFIERS, toRole } from './roles.mappers.ts';
import type { RoleView } from './roles.repository.ts';
import { createRolesRepository } from './roles.repository.ts';

/**
 * Roles a team may make beside the built-in ones. Every role is listed on the Team screen and
 * offered in each member's role choice; past a few dozen it is clutter, or a script.
 */
export const MAX_CUSTOM_ROLES = 50;

export const ROLE_MESSAGES = {
  atCap: `Your team has ${MAX_CUSTOM_ROLES} roles of its own, the most it can have. Delete a role nobody uses, or change an existing one, instead.`,
  taken: (name: string) => `A role named "${name}" already exists. Choose another name.`,
  superAdminFixed: 'Super Admin always holds every permission and cannot be changed or deleted.',
  builtInKept: 'Admin is built into every team and cannot be deleted. You can change it instead.',
  grantMore: 'You can only give a role permissions you hold yourself.',
  outranked: 'You can only change or delete roles whose permissions you hold yourself.',
  hasMembers: (count: number) =>
    `${count === 1 ? '1 member has' : `${count} members have`} this role. Give them another role first.`,
  hasInvitations: (count: number) =>
    `${count === 1 ? '1 invitation gives' : `${count} invitations give`} this role. Revoke ${count === 1 ? 'it' : 'them'} first.`,
} as const;

interface RoleInput {
  name: string;
  permissions: Permission[];
}

/** Roles: the list with the permission names, one role, create, change and delete. */
export function createRolesService(deps: { db: Db }) {
  const repo = createRolesRepository(deps.db);

  async function roleOf(teamId: string, roleId: string): Promise<{ role: Role }> {
    const row = await repo.find(teamId, roleId);
    if (!row) throw notFound('That role');
    return { role: toRole(row) };
  }

  /** The new permissions, refused when they grant what the caller does not hold. */
  function grantable(user: SessionUser, names: Permission[]) {
    const map = fullPermissionMap(Object.fromEntries(names.map((name) => [name, true])));
    if (!holdsAll(user.permissions, map)) throw new AppError('FORBIDDEN', ROLE_MESSAGES.grantMore);
    return map;
  }

  /** Locks the team (role changes queue per team) and finds a role the caller may change. */
  async function lockedRole(tx: Db, user: SessionUser, roleId: string): Promise<RoleView> {
    await lockTeam(tx, user.teamId);
    const row = await createRolesRepository(tx).find(user.teamId, roleId);
    if (!row) throw notFound('That role');
    if (row.built_in === 'super_admin')
      throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminFixed);
    if (!holdsAll(user.permissions, effectivePermissions(row.built_in, row.permissions))) {
      throw new AppError('FORBIDDEN', ROLE_MESSAGES.outranked);
    }
    return row;
  }

  async function refuseTakenName(tx: Db, teamId: string, name: string, exceptId?: string) {
    if (await createRolesRepository(tx).findByName(teamId, name, exceptId)) {
      throw new AppError('CONFLICT', ROLE_MESSAGES.taken(name), 'name');
    }
  }

  return {
    async list(user: SessionUser) {
      const rows = await repo.list(user.teamId);
      return { roles: rows.map(toRole), identifiers: PERMISSION_IDENTIFIERS };
    },

    get: (user: SessionUser, roleId: string) => roleOf(user.teamId, roleId),

    async create(user: SessionUser, input: RoleInput): Promise<{ role: Role }> {
      const permissions = grantable(user, input.permissions);
      const id = await deps.db.transaction().execute(async (tx) => {
        await lockTeam(tx, user.teamId);
        // Counted under the team's lock: two creates at once cannot both take the last place.
        if ((await createRolesRepository(tx).countCustom(user.teamId)) >= MAX_CUSTOM_ROLES) {
          throw new AppError('CONFLICT', ROLE_MESSAGES.atCap);
        }
        await refuseTakenName(tx, user.teamId, input.name);
        const roleId = await createRolesRepository(tx).insert(user.teamId, input.name, permissions);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'role.create',
          details: { roleId, name: input.name, permissions: grantedNames(permissions) },
        });
        return roleId;
      });
      return roleOf(user.teamId, id);
    },

    async update(user: SessionUser, input: RoleInput & { id: string }): Promise<{ role: Role }> {
      const permissions = grantable(user, input.permissions);
      await deps.db.transaction().execute(async (tx) => {
        const row = await lockedRole(tx, user, input.id);
        await refuseTakenName(tx, user.teamId, input.name, row.id);
        await createRolesRepository(tx).update(user.teamId, row.id, {
          name: input.name,
          permissions,
        });
        const before = grantedNames(effectivePermissions(row.built_in, row.permissions));
        const after = grantedNames(permissions);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'role.update',
          details: {
            roleId: row.id,
            name: input.name,
            ...(row.name !== input.name ? { from: row.name } : {}),
            added: after.filter((name) => !before.includes(name)),
            removed: before.filter((name) => !after.includes(name)),
          },
        });
      });
      return roleOf(user.teamId, input.id);
    },

    /** Deletes one of the team's own roles that nobody holds and no open invitation gives. */
    async delete(user: SessionUser, roleId: string): Promise<{ success: true }> {
      await deps.db.transaction().execute(async (tx) => {
        const row = await lockedRole(tx, user, roleId);
        if (row.built_in) throw new AppError('CONFLICT', ROLE_MESSAGES.builtInKept);
        if (row.member_count)
          throw new AppError('CONFLICT', ROLE_MESSAGES.hasMembers(row.member_count));
        const invited = await createRolesRepository(tx).countOpenInvitations(user.teamId, row.id);
        if (invited) throw new AppError('CONFLICT', ROLE_MESSAGES.hasInvitations(invited));
        await createRolesRepository(tx).delete(user.teamId, row.id);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'role.delete',
          details: { roleId: row.id, name: row.name },
        });
      });
      return { success: true };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;

/** One of the team's roles by id (undefined when the team has no such role), read in `db`. */
export function findRole(db: Db, teamId: string, roleId: string): Promise<RoleView | undefined> {
  return createRolesRepository(db).find(teamId, roleId);
}
