import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StoredNotice } from '../../db/schema.ts';

/** One stored day of one report shape. */
export interface ReportDayEntry {
  teamId: string;
  accountId: string;
  shapeKey: string;
  fields: readonly string[];
  /** The filters as stored: a JSON array text (`[]` for none). */
  filters: string;
  day: string;
  rows: readonly unknown[][];
  /** What the provider said about the figures when it sent them (sampled, thresholded). */
  notices: readonly StoredNotice[];
}

/** SQL of the day-grain result store. Tenant statements name the team. */
export function createReportDaysRepository(db: Db) {
  return {
    /** The shapes (field sets) stored for an account and filters with a day in the range. */
    shapes(v: { teamId: string; accountId: string; filters: string; start: string; end: string }) {
      return db
        .selectFrom('report_days')
        .select(['shape_key', 'fields'])
        .distinct()
        .where('team_id', '=', v.teamId)
        .where('account_id', '=', v.accountId)
        .where(sql<boolean>`filters = ${v.filters}::jsonb`)
        .where('day', '>=', v.start)
        .where('day', '<=', v.end)
        .execute();
    },

    /** The stored days of one shape in the range, with their rows and notices. */
    days(v: { teamId: string; accountId: string; shapeKey: string; start: string; end: string }) {
      return db
        .selectFrom('report_days')
        .select(['day', 'rows', 'notices'])
        .where('team_id', '=', v.teamId)
        .where('account_id', '=', v.accountId)
        .where('shape_key', '=', v.shapeKey)
        .where('day', '>=', v.start)
        .where('day', '<=', v.end)
        .execute();
    },

    /** Stores days (a later fetch of a day replaces it), all or none. */
    async store(entries: readonly ReportDayEntry[], now: Date): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('report_days')
        .values(
          entries.map((e) => ({
            team_id: e.teamId,
            account_id: e.accountId,
            shape_key: e.shapeKey,
            fields: JSON.stringify(e.fields),
            filters: e.filters,
            day: e.day,
            rows: JSON.stringify(e.rows),
            notices: e.notices.length > 0 ? JSON.stringify(e.notices) : null,
            fetched_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['team_id', 'account_id', 'shape_key', 'day']).doUpdateSet((eb) => ({
            rows: eb.ref('excluded.rows'),
            notices: eb.ref('excluded.notices'),
            fetched_at: eb.ref('excluded.fetched_at'),
          })),
        )
        .execute();
    },

    /** Records on a job how many of its days came from the store and from the provider. */
    async noteSources(teamId: string, jobId: string, store: number, provider: number) {
      await db
        .updateTable('data_jobs')
        .set({ store_days: store, provider_days: provider })
        .where('team_id', '=', teamId)
        .where('id', '=', jobId)
        .execute();
    },

    /**
     * The retention purge, across all teams (background work): deletes at most `limit` days
     * fetched before `before`, oldest first; answers how many. Rows another instance's purge
     * holds are skipped.
     */
    async deleteBefore(before: Date, limit: number): Promise<number> {
      const result = await sql`
        DELETE FROM report_days WHERE ctid IN (
          SELECT ctid FROM report_days WHERE fetched_at < ${before}
          ORDER BY fetched_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Teams storing more than `cap` days, across all teams (background work: the cap purge). */
    async teamsOver(cap: number): Promise<Array<{ teamId: string; excess: number }>> {
      const rows = await db
        .selectFrom('report_days')
        .select(['team_id', (eb) => eb.fn.countAll<number>().as('days')])
        .groupBy('team_id')
        .having((eb) => eb.fn.countAll(), '>', cap)
        .execute();
      return rows.map((r) => ({ teamId: r.team_id, excess: Number(r.days) - cap }));
    },

    /** Deletes at most `limit` of a team's days fetched longest ago; answers how many. */
    async deleteOldest(teamId: string, limit: number): Promise<number> {
      const result = await sql`
        DELETE FROM report_days WHERE team_id = ${teamId} AND ctid IN (
          SELECT ctid FROM report_days WHERE team_id = ${teamId}
          ORDER BY fetched_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
