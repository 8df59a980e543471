import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DataRequestOutcome, StoredNotice } from '../../db/schema.ts';

/** One logged data request: who asked, for what, how it went. */
export interface DataRequestEntry {
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
  /** Calls made to the provider's reporting API for it (0 for a stored or shared answer). */
  providerCalls: number;
  /** Quota units its calls spent, where the provider counts units. */
  quotaSpent?: number | null;
  /** What the provider said about its figures (sampled, thresholded). */
  notices?: readonly StoredNotice[];
}

/** SQL of the data request log. Every statement names the team but the retention purge. */
export function createDataRequestsRepository(db: Db) {
  return {
    async insert(row: DataRequestEntry) {
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
          provider_calls: row.providerCalls,
          quota_spent: row.quotaSpent ?? null,
          notices: row.notices && row.notices.length > 0 ? JSON.stringify(row.notices) : null,
        })
        .execute();
    },

    /**
     * Settles the entries of requests that joined job `jobId` while it ran (logged as shared
     * answers with no rows yet): they get its rows and their wait, or its failure.
     */
    async settleJoined(
      teamId: string,
      jobId: string,
      end: { rowCount: number; failureReason: string | null; now: Date },
    ) {
      await db
        .updateTable('data_requests')
        .set((eb) => ({
          row_count: end.rowCount,
          duration_ms: sql<number>`greatest(0, round(extract(epoch from (${end.now}::timestamptz - ${eb.ref('requested_at')})) * 1000))::int`,
          outcome: end.failureReason === null ? 'cached' : 'failed',
          failure_reason: end.failureReason,
        }))
        .where('team_id', '=', teamId)
        .where('job_id', '=', jobId)
        .where('outcome', '=', 'cached')
        .where('provider_calls', '=', 0)
        .where('row_count', '=', 0)
        .execute();
    },

    /**
     * Turns a logged cached answer into a refusal: the request was logged with its answer in
     * one statement, and only then found invalid against the account's current fields.
     */
    async refuseLogged(teamId: string, id: string, reason: string) {
      await db
        .updateTable('data_requests')
        .set({ outcome: 'refused', job_id: null, row_count: 0, failure_reason: reason })
        .where('team_id', '=', teamId)
        .where('id', '=', Number(id))
        .execute();
    },

    /**
     * The retention purge, across all teams (background work): deletes at most `limit` entries
     * logged before `before`, oldest first; answers how many. Entries another instance's purge
     * holds are skipped, so instances purging at once share the work instead of queueing.
     */
    async deleteBefore(before: Date, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('data_requests')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('data_requests')
            .select('id')
            .where('requested_at', '<', before)
            .orderBy('requested_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
