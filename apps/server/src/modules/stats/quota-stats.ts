import { findConnector, isDataNoticeKind, type ResponseOf, type getStats } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { latestByQuota, quotaName, quotaState, teamQuotaHours } from '../reports/provider-quota.ts';
import type { DayRange, createStatsRepository } from './stats.repository.ts';

type Stats = ResponseOf<typeof getStats>;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The Stats screen's quota part: every account whose provider stated a quota in the last day
 * or whose reports spent quota in the range, with its hours, days and spenders.
 */
export async function providerQuotaStats(
  db: Db,
  repo: ReturnType<typeof createStatsRepository>,
  teamId: string,
  range: DayRange,
  now: Date,
): Promise<Stats['providerQuota']> {
  const [hours, days, spenders] = await Promise.all([
    teamQuotaHours(
      db,
      teamId,
      new Date(now.getTime() - 24 * HOUR_MS),
      new Date(now.getTime() + HOUR_MS),
    ),
    repo.quotaDays(teamId, range),
    repo.quotaSpenders(teamId, range),
  ]);
  const ids = [...new Set([...hours.map((h) => h.account_id), ...days.map((d) => d.account_id)])];
  const accounts = await repo.accountNames(teamId, ids);
  return accounts
    .map((account) => {
      const own = hours.filter((h) => h.account_id === account.id);
      const connector = findConnector(account.connector_id);
      return {
        accountId: account.id,
        name: account.name,
        connector: connector?.name ?? `Connector ${account.connector_id}`,
        connectorId: account.connector_id,
        standing: quotaState(latestByQuota(own), now).standing,
        hours: own.map((h) => ({
          hour: h.hour.toISOString(),
          quota: quotaName(h.quota),
          calls: h.calls,
          spent: h.spent,
          remaining: h.remaining,
          usedPct: h.used_pct,
        })),
        days: days
          .filter((d) => d.account_id === account.id)
          .map((d) => ({ date: d.day, spent: d.spent, requests: d.requests })),
        spentBy: spenders
          .filter((s) => s.account_id === account.id)
          .map((s) => ({
            name: s.name ?? 'A removed member',
            requests: s.requests,
            spent: s.spent,
          })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The notices of the range, per account and kind, latest first. */
export async function dataNoticeStats(
  repo: ReturnType<typeof createStatsRepository>,
  teamId: string,
  range: DayRange,
): Promise<Stats['dataNotices']> {
  const rows = await repo.dataNotices(teamId, range);
  return rows
    .filter((r): r is typeof r & { kind: Stats['dataNotices'][number]['kind'] } =>
      isDataNoticeKind(r.kind),
    )
    .map((r) => ({
      accountId: r.account_id,
      name: r.name ?? 'A deleted account',
      connector: findConnector(r.connector_id)?.name ?? `Connector ${r.connector_id}`,
      connectorId: r.connector_id,
      kind: r.kind,
      message: r.message,
      requests: r.requests,
      lastAt: r.last_at.toISOString(),
    }));
}
