import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One quota's readings of one account in one hour, summed for one write. */
export interface QuotaHourEntry {
  teamId: string;
  accountId: string;
  hour: Date;
  quota: string;
  window: 'hour' | 'day' | 'call';
  calls: number;
  spent: number | null;
  largestCall: number | null;
  remaining: number | null;
  usedPct: number | null;
  blockedUntil: Date | null;
  now: Date;
}

/** A stored hour of one quota. */
export interface QuotaHourRow {
  account_id: string;
  hour: Date;
  quota: string;
  quota_window: 'hour' | 'day' | 'call';
  calls: number;
  spent: number | null;
  largest_call: number | null;
  remaining: number | null;
  used_pct: number | null;
  blocked_until: Date | null;
  updated_at: Date;
}

const COLUMNS = [
  'account_id',
  'hour',
  'quota',
  'quota_window',
  'calls',
  'spent',
  'largest_call',
  'remaining',
  'used_pct',
  'blocked_until',
  'updated_at',
] as const;

/** SQL of the providers' quota readings. Every statement names the team but the purge. */
export function createProviderQuotaRepository(db: Db) {
  return {
    /**
     * Adds a job's readings to their hours: calls and units spent add up, the largest call
     * and the block keep the larger, what is left is the latest reading.
     */
    async record(entries: readonly QuotaHourEntry[]) {
      if (entries.length === 0) return;
      await db
        .insertInto('provider_quota_hours')
        .values(
          entries.map((e) => ({
            team_id: e.teamId,
            account_id: e.accountId,
            hour: e.hour,
            quota: e.quota,
            quota_window: e.window,
            calls: e.calls,
            spent: e.spent,
            largest_call: e.largestCall,
            remaining: e.remaining,
            used_pct: e.usedPct,
            blocked_until: e.blockedUntil,
            updated_at: e.now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['team_id', 'account_id', 'hour', 'quota']).doUpdateSet((eb) => ({
            calls: sql<number>`${eb.ref('provider_quota_hours.calls')} + ${eb.ref('excluded.calls')}`,
            spent: sql<number>`CASE WHEN ${eb.ref('excluded.spent')} IS NULL THEN ${eb.ref('provider_quota_hours.spent')} ELSE coalesce(${eb.ref('provider_quota_hours.spent')}, 0) + ${eb.ref('excluded.spent')} END`,
            largest_call: sql<number>`greatest(${eb.ref('provider_quota_hours.largest_call')}, ${eb.ref('excluded.largest_call')})`,
            remaining: eb.ref('excluded.remaining'),
            used_pct: eb.ref('excluded.used_pct'),
            blocked_until: sql<Date>`greatest(${eb.ref('provider_quota_hours.blocked_until')}, ${eb.ref('excluded.blocked_until')})`,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** The account's quota hours since `since`, latest first. */
    async ofAccount(teamId: string, accountId: string, since: Date): Promise<QuotaHourRow[]> {
      return db
        .selectFrom('provider_quota_hours')
        .select(COLUMNS)
        .where('team_id', '=', teamId)
        .where('account_id', '=', accountId)
        .where('hour', '>=', since)
        .orderBy('hour', 'desc')
        .execute();
    },

    /** The team's quota hours from `from` to before `to`, every account (Stats, Data Sources). */
    async ofTeam(teamId: string, from: Date, to: Date): Promise<QuotaHourRow[]> {
      return db
        .selectFrom('provider_quota_hours')
        .select(COLUMNS)
        .where('team_id', '=', teamId)
        .where('hour', '>=', from)
        .where('hour', '<', to)
        .orderBy('hour', 'desc')
        .execute();
    },

    /**
     * The hourly purge, across all teams (background work): deletes at most `limit` hours
     * before `before`, oldest first; answers how many. Rows another instance's purge holds are
     * skipped.
     */
    async deleteBefore(before: Date, limit: number): Promise<number> {
      const result = await sql`
        DELETE FROM provider_quota_hours WHERE ctid IN (
          SELECT ctid FROM provider_quota_hours WHERE hour < ${before}
          ORDER BY hour LIMIT ${limit} FOR UPDATE SKIP LOCKED)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
