import { sql } from 'kysely';
import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { SessionUserRow } from '../../db/schema.ts';

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
    /** A user with their role and team, as a session reads them (see SessionUserRow). */
    async findSessionUser(userId: string): Promise<SessionUserRow | undefined> {
      const row = await withRole()
        .select([
          'u.id',
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.name',
          'u.image',
          'u.team_id',
          'u.role_id',
          'r.name as role_name',
          'r.built_in',
          'r.permissions',
          't.business_unit',
          't.name as team_name',
          't.plan_id',
          't.user_limit',
          't.account_limit',
          't.addons',
          't.referral_partner_key',
          't.created_at as team_created_at',
          't.plan_status',
          't.trial_ends_at',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { business_unit, team_name, plan_id, user_limit, account_limit, addons } = row;
      const team = {
        id: row.team_id,
        business_unit,
        name: team_name,
        plan_id,
        user_limit,
        account_limit,
        addons,
        referral_partner_key: row.referral_partner_key,
        created_at: row.team_created_at,
        plan_status: row.plan_status,
        trial_ends_at: row.trial_ends_at,
      };
      return {
        id: row.id,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        name: row.name,
        image: row.image,
        team_id: row.team_id,
        role_id: row.role_id,
        role_name: row.role_name,
        built_in: row.built_in,
        permissions: row.permissions,
        team,
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
