import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DataRequestOutcome } from '../../db/schema.ts';

/** SQL of the data request log. Every statement names the team. */
export function createDataRequestsRepository(db: Db) {
  return {
    async insert(row: {
      teamId: string;
      userId: string | null;
      connectorId: number;
      accountId: string | null;
      jobId: string | null;
      requestedAt: Date;
      rowCount: number;
      durationMs: number;
      outcome: DataRequestOutcome;
      failureReason: string | null;
    }) {
      await db
        .insertInto('data_requests')
        .values({
          team_id: row.teamId,
          user_id: row.userId,
          connector_id: row.connectorId,
          account_id: row.accountId,
          job_id: row.jobId,
          requested_at: row.requestedAt,
          row_count: row.rowCount,
          duration_ms: row.durationMs,
          outcome: row.outcome,
          failure_reason: row.failureReason,
        })
        .execute();
    },

    /** Per UTC day and connector: requests by outcome, rows served, mean duration. */
    daily(teamId: string, from: Date, to: Date) {
      const day = sql<string>`to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      return db
        .selectFrom('data_requests')
        .select([
          day.as('day'),
          'connector_id',
          sql<number>`count(*)::int`.as('requests'),
          sql<number>`count(*) FILTER (WHERE outcome = 'failed')::int`.as('failed'),
          sql<number>`count(*) FILTER (WHERE outcome = 'cached')::int`.as('cached'),
          sql<number>`coalesce(sum(row_count), 0)::int`.as('rows'),
          sql<number>`coalesce(round(avg(duration_ms)), 0)::int`.as('avg_duration_ms'),
        ])
        .where('team_id', '=', teamId)
        .where('requested_at', '>=', from)
        .where('requested_at', '<', to)
        .groupBy([day, 'connector_id'])
        .orderBy(day)
        .orderBy('connector_id')
        .execute();
    },
  };
}
