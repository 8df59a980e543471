import { sql } from 'kysely';
import type { Permission } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for a team's roles. Every statement names the team; another team's role is not found. */
export function createRolesRepository(db: Db) {
  const roles = (teamId: string) =>
    db
      .selectFrom('roles as r')
      .where('r.team_id', '=', teamId)
      .select((eb) => [
        'r.id',
        'r.name',
        'r.built_in',
        'r.permissions',
        'r.created_at',
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.role_id', '=', 'r.id')
          .whereRef('u.team_id', '=', 'r.team_id')
          .as('member_count'),
      ]);

  return {
    /** Super Admin, Admin, then the team's own roles by name. */
    list(teamId: string) {
      return roles(teamId)
        .orderBy(sql`case r.built_in when 'super_admin' then 0 when 'admin' then 1 else 2 end`)
        .orderBy(sql`lower(r.name)`)
        .orderBy('r.id')
        .execute();
    },

    find(teamId: string, roleId: string) {
      if (!isUuid(roleId)) return Promise.resolve(undefined);
      return roles(teamId).where('r.id', '=', roleId).executeTakeFirst();
    },

    /** Another role of the team with this name, whatever its case. */
    findByName(teamId: string, name: string, exceptId?: string) {
      return db
        .selectFrom('roles')
        .select('id')
        .where('team_id', '=', teamId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId ?? ''))
        .executeTakeFirst();
    },

    async insert(teamId: string, name: string, permissions: Record<Permission, boolean>) {
      const row = await db
        .insertInto('roles')
        .values({ team_id: teamId, name, permissions: JSON.stringify(permissions) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      teamId: string,
      roleId: string,
      change: { name: string; permissions: Record<Permission, boolean> },
    ): Promise<void> {
      await db
        .updateTable('roles')
        .set({ name: change.name, permissions: JSON.stringify(change.permissions) })
        .where('team_id', '=', teamId)
        .where('id', '=', roleId)
        .execute();
    },

    async delete(teamId: string, roleId: string): Promise<void> {
      await db.deleteFrom('roles').where('team_id', '=', teamId).where('id', '=', roleId).execute();
    },

    /** The team's own roles (built-in ones not counted). */
    async countCustom(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('roles')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .where('built_in', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** Invitations not yet accepted or revoked (pending or expired) that would give this role. */
    async countOpenInvitations(teamId: string, roleId: string): Promise<number> {
      const row = await db
        .selectFrom('invitations')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .where('role_id', '=', roleId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
export type RoleView = NonNullable<Awaited<ReturnType<RolesRepository['find']>>>;
