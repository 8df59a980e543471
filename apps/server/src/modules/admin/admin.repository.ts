import { sql } from 'kysely';
import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../db/database.ts';

/** Most teams one search answers: enough to pick from, a nudge to type more. */
export const SEARCH_LIMIT = 20;

/**
 * SQL for platform admins. Unlike every other repository it reads across the teams of a
 * unit, so each query names the unit, and nothing here ever reads another unit.
 */
export function createAdminRepository(db: Db) {
  return {
    /** Teams of the unit whose name or a member's email contains `text` (any case). */
    searchTeams(unit: BusinessUnit, text: string) {
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      return db
        .selectFrom('teams as t')
        .selectAll('t')
        .where('t.business_unit', '=', unit)
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(t.name)`, 'like', pattern),
            eb.exists(
              eb
                .selectFrom('users as u')
                .select('u.id')
                .whereRef('u.team_id', '=', 't.id')
                .where(sql<string>`lower(u.email)`, 'like', pattern),
            ),
          ]),
        )
        .orderBy(sql`lower(t.name)`)
        .orderBy('t.id')
        .limit(SEARCH_LIMIT)
        .execute();
    },

    /** The members of these teams with their role names, by name then email. */
    membersOf(teamIds: readonly string[]) {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users as u')
        .innerJoin('roles as r', (join) =>
          join.onRef('r.id', '=', 'u.role_id').onRef('r.team_id', '=', 'u.team_id'),
        )
        .select([
          'u.id',
          'u.team_id',
          'u.email',
          'u.name',
          'u.first_name',
          'u.last_name',
          'r.name as role_name',
        ])
        .where('u.team_id', 'in', teamIds)
        .orderBy(sql`lower(coalesce(nullif(u.name, ''), u.email))`)
        .orderBy('u.id')
        .execute();
    },

    /**
     * The user with this email in this team of the unit, or undefined. The team id comes from
     * a form: compared as text, anything that is not one of the unit's team ids matches none.
     */
    async findMemberId(
      unit: BusinessUnit,
      email: string,
      teamId: string,
    ): Promise<string | undefined> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('teams as t', 't.id', 'u.team_id')
        .select('u.id')
        .where('u.business_unit', '=', unit)
        .where('t.business_unit', '=', unit)
        .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
        .where(sql<string>`t.id::text`, '=', teamId.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },
  };
}
