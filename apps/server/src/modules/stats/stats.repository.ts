import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A range of whole days in a time zone: [from, to], both YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** A data request's time within the range: from its first day's start to its last day's end. */
const requestedIn = (range: DayRange, column: 'requested_at' | 'r.requested_at') => sql`
  ${sql.ref(column)} >= (${range.from}::date::timestamp AT TIME ZONE ${range.timeZone})
  AND ${sql.ref(column)} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.timeZone})`;

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
 * SQL of the Stats screen: a read model over the team's accounts, members, credentials and its
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

    /**
     * The team's data requests per day of the range (in its time zone): requests, rows served,
     * failures (failed or refused), the median duration, the calls made to providers for them,
     * and the requests answered without a call of their own (from a stored result or an
     * identical request's job: logged as cached); days without any are zeros.
     */
    async requestDays(teamId: string, range: DayRange) {
      const result = await sql<{
        day: string;
        requests: number;
        rows: number;
        failures: number;
        median_ms: number | null;
        provider_calls: number;
        calls_saved: number;
      }>`
        WITH days AS (
          SELECT d::date AS day,
                 (d::date::timestamp AT TIME ZONE ${range.timeZone}) AS day_start,
                 ((d::date + 1)::timestamp AT TIME ZONE ${range.timeZone}) AS day_end
          FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS d
        )
        SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
               count(r.id)::int AS requests,
               coalesce(sum(r.row_count), 0)::int AS rows,
               (count(r.id) FILTER (WHERE r.outcome IN ('failed', 'refused')))::int AS failures,
               round(percentile_cont(0.5) WITHIN GROUP (ORDER BY r.duration_ms))::int AS median_ms,
               coalesce(sum(r.provider_calls), 0)::int AS provider_calls,
               (count(r.id) FILTER (WHERE r.outcome = 'cached'))::int AS calls_saved
        FROM days
        LEFT JOIN data_requests r ON r.team_id = ${teamId}
          AND r.requested_at >= days.day_start AND r.requested_at < days.day_end
        GROUP BY days.day
        ORDER BY days.day`.execute(db);
      return result.rows;
    },

    /** The median duration of every data request in the range (null without any). */
    async requestMedian(teamId: string, range: DayRange) {
      const result = await sql<{ median_ms: number | null }>`
        SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms))::int AS median_ms
        FROM data_requests
        WHERE team_id = ${teamId}
          AND ${requestedIn(range, 'requested_at')}`.execute(db);
      return result.rows[0]?.median_ms ?? null;
    },

    /** Accounts whose requests failed in the range, most failures first, with the last reason. */
    async failingAccounts(teamId: string, range: DayRange, limit: number) {
      const result = await sql<{
        account_id: string;
        connector_id: number;
        name: string | null;
        failures: number;
        last_reason: string | null;
        last_failed_at: Date;
      }>`
        SELECT r.account_id, r.connector_id, a.name,
               count(*)::int AS failures,
               (array_agg(r.failure_reason ORDER BY r.requested_at DESC))[1] AS last_reason,
               max(r.requested_at) AS last_failed_at
        FROM data_requests r
        LEFT JOIN data_source_accounts a ON a.id = r.account_id AND a.team_id = r.team_id
        WHERE r.team_id = ${teamId}
          AND r.outcome IN ('failed', 'refused')
          AND r.account_id IS NOT NULL
          AND ${requestedIn(range, 'r.requested_at')}
        GROUP BY r.account_id, r.connector_id, a.name
        ORDER BY failures DESC, last_failed_at DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** Quota units each account's requests spent per day of the range (in its time zone). */
    async quotaDays(teamId: string, range: DayRange) {
      const result = await sql<{
        account_id: string;
        day: string;
        spent: number;
        requests: number;
      }>`
        SELECT r.account_id,
               to_char(r.requested_at AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day,
               sum(r.quota_spent)::float8 AS spent, count(*)::int AS requests
        FROM data_requests r
        WHERE r.team_id = ${teamId}
          AND r.quota_spent IS NOT NULL AND r.account_id IS NOT NULL
          AND ${requestedIn(range, 'r.requested_at')}
        GROUP BY 1, 2
        ORDER BY 1, 2`.execute(db);
      return result.rows;
    },

    /** Whose requests spent each account's quota in the range, most first. */
    async quotaSpenders(teamId: string, range: DayRange) {
      const result = await sql<{
        account_id: string;
        name: string | null;
        spent: number;
        requests: number;
      }>`
        SELECT r.account_id, coalesce(nullif(trim(u.name), ''), u.email) AS name,
               sum(r.quota_spent)::float8 AS spent, count(*)::int AS requests
        FROM data_requests r
        LEFT JOIN users u ON u.id = r.user_id AND u.team_id = r.team_id
        WHERE r.team_id = ${teamId}
          AND r.quota_spent IS NOT NULL AND r.account_id IS NOT NULL
          AND ${requestedIn(range, 'r.requested_at')}
        GROUP BY r.account_id, u.id, u.name, u.email
        ORDER BY spent DESC`.execute(db);
      return result.rows;
    },

    /** The notices the team's requests carried in the range, per account and kind. */
    async dataNotices(teamId: string, range: DayRange) {
      const result = await sql<{
        account_id: string;
        connector_id: number;
        name: string | null;
        kind: string;
        message: string;
        requests: number;
        last_at: Date;
      }>`
        SELECT r.account_id, r.connector_id, a.name, n.value->>'kind' AS kind,
               (array_agg(n.value->>'message' ORDER BY r.requested_at DESC))[1] AS message,
               count(*)::int AS requests, max(r.requested_at) AS last_at
        FROM data_requests r
        CROSS JOIN LATERAL jsonb_array_elements(r.notices) AS n(value)
        LEFT JOIN data_source_accounts a ON a.id = r.account_id AND a.team_id = r.team_id
        WHERE r.team_id = ${teamId}
          AND r.notices IS NOT NULL AND r.account_id IS NOT NULL
          AND ${requestedIn(range, 'r.requested_at')}
        GROUP BY r.account_id, r.connector_id, a.name, n.value->>'kind'
        ORDER BY last_at DESC`.execute(db);
      return result.rows;
    },

    /**
     * The notices the team's requests carried since `since`, per account and kind (the Data
     * Sources screen's flags): bounded by the team's index on its requests' times.
     */
    async noticesSince(teamId: string, since: Date) {
      const result = await sql<{
        account_id: string;
        kind: string;
        requests: number;
        last_at: Date;
      }>`
        SELECT r.account_id, n.value->>'kind' AS kind,
               count(*)::int AS requests, max(r.requested_at) AS last_at
        FROM data_requests r
        CROSS JOIN LATERAL jsonb_array_elements(r.notices) AS n(value)
        WHERE r.team_id = ${teamId}
          AND r.requested_at >= ${since}
          AND r.notices IS NOT NULL AND r.account_id IS NOT NULL
        GROUP BY r.account_id, n.value->>'kind'
        ORDER BY r.account_id, kind`.execute(db);
      return result.rows;
    },

    /** The names of the team's accounts (deleted ones too), by id. */
    async accountNames(teamId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('data_source_accounts')
        .select(['id', 'name', 'connector_id'])
        .where('team_id', '=', teamId)
        .where('id', 'in', ids)
        .execute();
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

    /** Every credential of the team with its health, last refresh and active accounts. */
    credentials(teamId: string) {
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
