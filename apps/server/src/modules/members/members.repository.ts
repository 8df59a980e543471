import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';
import { isUuid } from '../../db/uuid.ts';

/** A team's members with role, last activity and how many logins each authorised. */
const members = (db: Db, teamId: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) =>
      join.onRef('r.id', '=', 'u.role_id').onRef('r.team_id', '=', 'u.team_id'),
    )
    .where('u.team_id', '=', teamId)
    .select((eb) => [
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.name',
      'u.image',
      'u.role_id',
      'r.name as role_name',
      'r.built_in',
      'r.permissions',
      'u.joined_at',
      'u.last_login_at',
      eb
        .selectFrom('sessions as s')
        .select((s) => s.fn.max('s.last_seen_at').as('at'))
        .whereRef('s.user_id', '=', 'u.id')
        .as('last_active_at'),
      eb
        .selectFrom('data_source_credentials as c')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('c.team_id', '=', 'u.team_id')
        .whereRef('c.created_by', '=', 'u.id')
        .as('credential_count'),
    ]);

/** The members list, by name (or email when they have none): every request of the Team screen. */
const LIST = namedStatement('team_members', (db: Db, v: { teamId: string }) =>
  members(db, v.teamId)
    .orderBy(sql`lower(coalesce(nullif(u.name, ''), u.email))`)
    .orderBy('u.id')
    .compile(),
);

/** Invitations of a team still pending at `now`: every request of the Team screen. */
const PENDING = namedStatement(
  'team_pending_invitations',
  (db: Db, v: { teamId: string; now: Date }) =>
    db
      .selectFrom('invitations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('team_id', '=', v.teamId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', v.now)
      .compile(),
);

/** SQL for a team's members. Every statement names the team; another team's user is not found. */
export function createMembersRepository(db: Db) {
  return {
    /** Members by name (or email when they have none), with last activity and credentials. */
    list(teamId: string) {
      return LIST(db, { teamId });
    },

    find(teamId: string, userId: string) {
      if (!isUuid(userId)) return Promise.resolve(undefined);
      return members(db, teamId).where('u.id', '=', userId).executeTakeFirst();
    },

    findByEmail(teamId: string, email: string) {
      return members(db, teamId)
        .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    async count(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** The team's Super Admins, longest-standing first. */
    superAdmins(teamId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('roles as r', (join) =>
          join.onRef('r.id', '=', 'u.role_id').onRef('r.team_id', '=', 'u.team_id'),
        )
        .select(['u.id', 'u.email'])
        .where('u.team_id', '=', teamId)
        .where('r.built_in', '=', 'super_admin')
        .orderBy('u.joined_at')
        .orderBy('u.id')
        .execute();
    },

    async setRole(teamId: string, userId: string, roleId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ role_id: roleId })
        .where('team_id', '=', teamId)
        .where('id', '=', userId)
        .execute();
    },

    /** Deletes the user; their sessions go with them (cascade), so they are signed out at once. */
    async remove(teamId: string, userId: string): Promise<void> {
      await db.deleteFrom('users').where('team_id', '=', teamId).where('id', '=', userId).execute();
    },

    /** The data-source logins `fromId` authorised in the team become `toId`'s; answers how many. */
    async transferCredentials(teamId: string, fromId: string, toId: string): Promise<number> {
      const result = await db
        .updateTable('data_source_credentials')
        .set({ created_by: toId })
        .where('team_id', '=', teamId)
        .where('created_by', '=', fromId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async countCredentials(teamId: string, userId: string): Promise<number> {
      const row = await db
        .selectFrom('data_source_credentials')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .where('created_by', '=', userId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** Moves a member of `fromTeamId` into another team with a role of that team. */
    async move(
      fromTeamId: string,
      userId: string,
      to: { teamId: string; roleId: string; now: Date },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ team_id: to.teamId, role_id: to.roleId, joined_at: to.now })
        .where('team_id', '=', fromTeamId)
        .where('id', '=', userId)
        .execute();
    },

    /** Invitations of the team still pending at `now` (each holds a seat until it ends). */
    async pendingInvitations(teamId: string, now: Date): Promise<number> {
      return (await PENDING(db, { teamId, now }))[0]?.n ?? 0;
    },

    /**
     * Seats in use: members, and invitations still pending at `now` (each holds a seat until
     * it is accepted, revoked or expires).
     */
    async seats(teamId: string, now: Date): Promise<{ members: number; pending: number }> {
      const row = await db
        .selectFrom('teams as t')
        .select((eb) => [
          eb
            .selectFrom('users as u')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('u.team_id', '=', 't.id')
            .as('members'),
          eb
            .selectFrom('invitations as i')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('i.team_id', '=', 't.id')
            .where('i.accepted_at', 'is', null)
            .where('i.revoked_at', 'is', null)
            .where('i.expires_at', '>', now)
            .as('pending'),
        ])
        .where('t.id', '=', teamId)
        .executeTakeFirst();
      return { members: row?.members ?? 0, pending: row?.pending ?? 0 };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['find']>>>;
