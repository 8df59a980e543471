import { dayIn } from '@gds/contract/days';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import type { QuotaReading } from './report-signals.ts';
import type { QuotaHourEntry, QuotaHourRow } from './provider-quota.repository.ts';
import { createProviderQuotaRepository } from './provider-quota.repository.ts';

/**
 * A provider's quota per account: what its answers said is stored by hour, and a job reads it
 * before calling. An account whose next call would spend what is left of a quota (or that the
 * provider has shut out for a while) waits until the quota refreshes instead of calling and
 * failing every chart of the report: GA4's hourly quotas refresh within the hour and its daily
 * one at midnight Pacific time; a provider that says when access returns is taken at its word.
 */

const HOUR_MS = 60 * 60 * 1000;
/** A share-of-limit quota (Meta's) this full waits: the last calls would reach 100 and fail. */
const FULL_PCT = 95;
/** A quota this share spent in its window is shown as near its limit. */
const NEAR_PCT = 80;
/** An account with fewer calls than this left of a quota is shown as near its limit. */
const NEAR_CALLS = 10;
/** How long a full share-of-limit quota waits when the provider says no time (rolling hour). */
const ROLLING_WAIT_MS = 10 * 60 * 1000;
/** Hours kept: a job's wait reads the last 25, Stats the last 24; older ones serve nothing. */
const KEEP_HOURS = 48;

/** People's names for the quotas providers name. */
const QUOTA_NAMES: Readonly<Record<string, string>> = {
  tokensPerDay: 'tokens per day',
  tokensPerHour: 'tokens per hour',
  tokensPerProjectPerHour: 'tokens per project per hour',
  potentiallyThresholdedRequestsPerHour: 'potentially thresholded requests per hour',
  concurrentRequests: 'concurrent requests',
  ads_insights: 'Ads Insights calls',
  ads_management: 'Ads Management calls',
  ad_account: 'ad account calls',
  rate_limit: 'request rate',
};

export const quotaName = (quota: string) => QUOTA_NAMES[quota] ?? quota.replace(/_/g, ' ');

/** The start of the UTC hour `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Stores a job's quota readings with the account's hour. */
export async function recordQuota(
  db: Db,
  entry: { teamId: string; accountId: string; readings: readonly QuotaReading[]; now: Date },
): Promise<void> {
  const hour = hourOf(entry.now);
  const byQuota = new Map<string, QuotaHourEntry>();
  for (const r of entry.readings) {
    const blockedUntil = r.resetMs === null ? null : new Date(entry.now.getTime() + r.resetMs);
    const had = byQuota.get(r.quota);
    byQuota.set(r.quota, {
      teamId: entry.teamId,
      accountId: entry.accountId,
      hour,
      quota: r.quota,
      window: r.window,
      calls: (had?.calls ?? 0) + 1,
      spent: r.spent === null ? (had?.spent ?? null) : (had?.spent ?? 0) + r.spent,
      largestCall: maxOf(had?.largestCall ?? null, r.spent),
      // Readings come in call order: the last one says what is left.
      remaining: r.remaining ?? had?.remaining ?? null,
      usedPct: r.usedPct ?? had?.usedPct ?? null,
      blockedUntil:
        blockedUntil && had?.blockedUntil && had.blockedUntil > blockedUntil
          ? had.blockedUntil
          : (blockedUntil ?? had?.blockedUntil ?? null),
      now: entry.now,
    });
  }
  await createProviderQuotaRepository(db).record([...byQuota.values()]);
}

/** Why and until when a job of the account must wait for its quota, or null to go ahead. */
export interface QuotaWait {
  until: Date;
  quota: string;
}

/** The account's quota wait now, from what its provider last said. */
export async function quotaWaitOf(
  db: Db,
  teamId: string,
  accountId: string,
  now: Date,
): Promise<QuotaWait | null> {
  const rows = await createProviderQuotaRepository(db).ofAccount(
    teamId,
    accountId,
    new Date(now.getTime() - 25 * HOUR_MS),
  );
  return waitOf(latestByQuota(rows), now);
}

/** Each quota's latest hour (rows come latest first). */
export function latestByQuota(rows: readonly QuotaHourRow[]): QuotaHourRow[] {
  const seen = new Map<string, QuotaHourRow>();
  for (const row of rows) {
    const key = `${row.account_id}\n${row.quota}`;
    if (!seen.has(key)) seen.set(key, row);
  }
  return [...seen.values()];
}

/** The longest wait any of the account's quotas asks for now, or null. */
export function waitOf(latest: readonly QuotaHourRow[], now: Date): QuotaWait | null {
  let wait: QuotaWait | null = null;
  for (const row of latest) {
    const until = waitUntil(row, now);
    if (until && (!wait || until > wait.until)) wait = { until, quota: row.quota };
  }
  return wait;
}

function waitUntil(row: QuotaHourRow, now: Date): Date | null {
  if (row.blocked_until && row.blocked_until > now) return row.blocked_until;
  const refresh = refreshOf(row);
  if (!refresh || refresh <= now) return null;
  if (row.used_pct !== null && row.used_pct >= FULL_PCT) {
    const rolling = new Date(row.updated_at.getTime() + ROLLING_WAIT_MS);
    return rolling > now ? rolling : null;
  }
  if (row.remaining === null) return null;
  // The next call is expected to spend as much as the largest this hour did.
  const need = Math.max(1, row.largest_call ?? 1);
  return row.remaining < need ? refresh : null;
}

/** When the quota a reading counts is whole again; null for one that does not count a window. */
function refreshOf(row: QuotaHourRow): Date | null {
  if (row.quota_window === 'hour') return new Date(row.hour.getTime() + HOUR_MS);
  if (row.quota_window === 'day') return nextPacificMidnight(row.updated_at);
  return null;
}

/** The first midnight in Los Angeles after `at` (GA4's daily quotas refresh then). */
function nextPacificMidnight(at: Date): Date {
  const day = dayIn(at, 'America/Los_Angeles');
  // Midnight is 07:00 or 08:00 UTC by daylight saving; the first of the two after `at` that
  // is midnight in Los Angeles.
  for (const hourUtc of [7, 8]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) + (24 + hourUtc) * HOUR_MS);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(candidate);
    if (local === '00') return candidate;
  }
  return new Date(Date.parse(`${day}T00:00:00Z`) + 32 * HOUR_MS);
}

/** How close an account is to a limit of its provider now, and which quota says so. */
export interface QuotaState {
  /** near: a quota is 80 % spent or has few calls left; over: reports wait for a refresh. */
  standing: 'ok' | 'near' | 'over';
  /** The provider's name for the quota that is near or over (null when ok). */
  quota: string | null;
  /** When over: when the account's reports run again. */
  resumesAt: Date | null;
}

/** The account's quota state, from its quotas' latest readings (Stats and Data Sources). */
export function quotaState(latest: readonly QuotaHourRow[], now: Date): QuotaState {
  const wait = waitOf(latest, now);
  if (wait) return { standing: 'over', quota: wait.quota, resumesAt: wait.until };
  for (const row of latest) {
    const refresh = refreshOf(row);
    if (!refresh || refresh <= now) continue;
    const share = spentShare(row);
    const fewCallsLeft =
      row.remaining !== null && row.remaining < NEAR_CALLS * Math.max(1, row.largest_call ?? 1);
    if ((share !== null && share >= NEAR_PCT) || fewCallsLeft)
      return { standing: 'near', quota: row.quota, resumesAt: null };
  }
  return { standing: 'ok', quota: null, resumesAt: null };
}

/**
 * The share of a quota spent in its current window, 0–100, where it can be told: as the
 * provider states it (Meta), or for an hourly quota from the hour's units spent and what was
 * left after (GA4; other clients' calls on the same quota only make the real share larger).
 */
function spentShare(row: QuotaHourRow): number | null {
  if (row.used_pct !== null) return row.used_pct;
  if (row.quota_window !== 'hour' || row.spent === null || row.remaining === null) return null;
  const limit = row.spent + row.remaining;
  return limit > 0 ? (100 * row.spent) / limit : null;
}

/** The team's quota hours in a time span (Stats), latest first. */
export function teamQuotaHours(db: Db, teamId: string, from: Date, to: Date) {
  return createProviderQuotaRepository(db).ofTeam(teamId, from, to);
}

/**
 * Deletes quota hours older than two days in every team (the hourly purge), oldest first in
 * batches. Answers how many went.
 */
export function purgeQuotaHours(
  deps: { db: Db; clock: Clock },
  signal?: AbortSignal,
): Promise<number> {
  const repo = createProviderQuotaRepository(deps.db);
  const before = new Date(deps.clock().getTime() - KEEP_HOURS * HOUR_MS);
  return deleteInBatches((limit) => repo.deleteBefore(before, limit), 5000, signal);
}

function maxOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
