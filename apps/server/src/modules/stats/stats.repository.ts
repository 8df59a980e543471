import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A range of whole days in a time zone: [from, to], both YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

export interface UsageDayRow {
  day: string;
  /** From the day's snapshot; null when none was recorded that day. */
  accounts_used: number | null;
  account_limit: number | null;
  users_used: number | null;
  user_limit: number | null;
  /** Counted from the rows that exist now, for days without a snapshot. */
  accounts_counted: number;
  users_counted: number;
}

/**
 * SQL of the Stats screen: a read model over the team's accounts, members, logins and its
 * usage history. It writes only team_usage_days. Every tenant query names the team.
 */
export function createStatsRepository(db: Db) {
  return {
    /**
     * One row per day of the range with the day's snapshot and, for days without one, the
     * accounts and members counted at the end of that day in the range's time zone.
     */
    async usageDays(teamId: string, range: DayRange): Promise<UsageDayRow[]> {
      const result = await sql<UsageDayRow>`
        WITH days AS (
          SELECT d::date AS day,
                 ((d::date + 1)::timestamp AT TIME ZONE ${range.timeZone}) AS day_end
          FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS d
        )
        SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
               s.accounts_used, s.account_limit, s.users_used, s.user_limit,
               (SELECT count(*)::int FROM data_source_accounts a
                 WHERE a.team_id = ${teamId} AND a.added_at < days.day_end
                   AND (a.deleted_at IS NULL OR a.deleted_at >= days.day_end)) AS accounts_counted,
               (SELECT count(*)::int FROM users u
                 WHERE u.team_id = ${teamId} AND u.joined_at < days.day_end) AS users_counted
        FROM days
        LEFT JOIN team_usage_days s ON s.team_id = ${teamId} AND s.day = days.day
        ORDER BY days.day`.execute(db);
      return result.rows;
    },

    /** When the team was made: days before it have no usage at all. */
    async teamCreatedAt(teamId: string) {
      const row = await db
        .selectFrom('teams')
        .select(['created_at', 'account_limit', 'user_limit'])
        .where('id', '=', teamId)
        .executeTakeFirst();
      return row;
    },

    /** Active accounts per connector now. */
    accountsByConnector(teamId: string) {
      return db
        .selectFrom('data_source_accounts')
        .select(['connector_id', (eb) => eb.fn.countAll<number>().as('accounts')])
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .groupBy('connector_id')
        .execute();
    },

    countUsers(teamId: string) {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow();
    },

    /** Every login of the team with its health, last refresh and active accounts. */
    logins(teamId: string) {
      return db
        .selectFrom('data_source_credentials as c')
        .leftJoin('data_source_accounts as a', (join) =>
          join
            .onRef('a.credential_id', '=', 'c.id')
            .onRef('a.team_id', '=', 'c.team_id')
            .on('a.deleted_at', 'is', null),
        )
        .select([
          'c.id',
          'c.connector_id',
          'c.display_name',
          'c.status',
          'c.status_reason',
          'c.last_refreshed_at',
          (eb) => eb.fn.count<number>('a.id').as('accounts'),
        ])
        .where('c.team_id', '=', teamId)
        .groupBy([
          'c.id',
          'c.connector_id',
          'c.display_name',
          'c.status',
          'c.status_reason',
          'c.last_refreshed_at',
        ])
        .orderBy('c.last_refreshed_at', (ob) => ob.asc().nullsFirst())
        .execute();
    },

    /**
     * Today's (UTC) usage of every team, written over the day's earlier value. Spans all teams
     * on purpose: it is the hourly background snapshot, and running it twice is harmless.
     */
    async recordUsageDays(now: Date) {
      await sql`
        INSERT INTO team_usage_days (team_id, day, accounts_used, account_limit, users_used, user_limit, recorded_at)
        SELECT t.id, (${now}::timestamptz AT TIME ZONE 'UTC')::date,
               (SELECT count(*)::int FROM data_source_accounts a WHERE a.team_id = t.id AND a.deleted_at IS NULL),
               t.account_limit,
               (SELECT count(*)::int FROM users u WHERE u.team_id = t.id),
               t.user_limit,
               ${now}::timestamptz
        FROM teams t
        ON CONFLICT (team_id, day) DO UPDATE SET
          accounts_used = excluded.accounts_used, account_limit = excluded.account_limit,
          users_used = excluded.users_used, user_limit = excluded.user_limit,
          recorded_at = excluded.recorded_at`.execute(db);
    },
  };
}
