import { sql } from 'kysely';
import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { effectivePermissions } from './role-permissions.ts';

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

    /** A returning user's sign-in: the identity provider's current names and picture. */
    async recordSignIn(
      user: { id: string; teamId: string },
      identity: { firstName: string; lastName: string; name: string; image: string },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          first_name: identity.firstName,
          last_name: identity.lastName,
          name: identity.name,
          image: identity.image,
          last_login_at: now,
        })
        .where('id', '=', user.id)
        .where('team_id', '=', user.teamId)
        .execute();
    },

    async insert(user: {
      unit: BusinessUnit;
      teamId: string;
      roleId: string;
      identity: { email: string; firstName: string; lastName: string; name: string; image: string };
      now: Date;
    }): Promise<string> {
      const { identity } = user;
      const row = await db
        .insertInto('users')
        .values({
          business_unit: user.unit,
          email: identity.email,
          first_name: identity.firstName,
          last_name: identity.lastName,
          name: identity.name,
          image: identity.image,
          team_id: user.teamId,
          role_id: user.roleId,
          joined_at: user.now,
          last_login_at: user.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The team's users as names only, for showing who added or deleted something. */
    people(teamId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'first_name', 'last_name', 'email'])
        .where('team_id', '=', teamId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
