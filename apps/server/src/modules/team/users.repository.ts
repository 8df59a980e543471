import { sql } from 'kysely';
import type { BusinessUnit, PermissionMap } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { BuiltInRole } from '../../db/schema.ts';
import { effectivePermissions } from '../roles/role-permissions.ts';

/** A signed-in user as every request sees it: read fresh, with the role's permissions. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  image: string;
  teamId: string;
  teamUnit: BusinessUnit;
  roleId: string;
  roleName: string;
  /** 'super_admin' or 'admin' for the built-in roles, null for the team's own. */
  roleBuiltIn: BuiltInRole | null;
  permissions: PermissionMap;
}

/** SQL for users. Team-scoped reads take the team id; nothing crosses teams. */
export function createUsersRepository(db: Db) {
  const withRole = () =>
    db
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) =>
        join.onRef('r.id', '=', 'u.role_id').onRef('r.team_id', '=', 'u.team_id'),
      )
      .innerJoin('teams as t', 't.id', 'u.team_id');

  return {
    async findSessionUser(userId: string): Promise<SessionUser | undefined> {
      const row = await withRole()
        .select([
          'u.id',
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.name',
          'u.image',
          'u.team_id',
          't.business_unit',
          'u.role_id',
          'r.name as role_name',
          'r.built_in',
          'r.permissions',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        name: row.name,
        image: row.image,
        teamId: row.team_id,
        teamUnit: row.business_unit,
        roleId: row.role_id,
        roleName: row.role_name,
        roleBuiltIn: row.built_in,
        permissions: effectivePermissions(row.built_in, row.permissions),
      };
    },

    findIdByEmail(unit: BusinessUnit, email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'team_id'])
        .where('business_unit', '=', unit)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
