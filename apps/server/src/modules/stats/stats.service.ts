import { findConnector, type ResponseOf, type getStats } from '@gds/contract';
import { dayIn } from '@gds/contract/days';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createStatsRepository, type DayRange } from './stats.repository.ts';
import { firstKeptDay, usageSeries } from './usage-days.ts';
import { dataNoticeStats, providerQuotaStats } from './quota-stats.ts';
import { accountFlags } from './account-flags.ts';

type Stats = ResponseOf<typeof getStats>;

const FAILING_ACCOUNTS_SHOWN = 10;

const sum = <K extends string>(rows: ReadonlyArray<Record<K, number>>, key: K) =>
  rows.reduce((total, row) => total + row[key], 0);

const connectorName = (id: number) => findConnector(id)?.name ?? `Connector ${id}`;

/** The Stats screen's numbers for one team and range, and the hourly usage snapshot. */
export function createStatsService(deps: {
  db: Db;
  clock: Clock;
  /** How long the data request log is kept (DATA_REQUEST_RETENTION_DAYS). */
  requestRetentionDays: number;
}) {
  const repo = createStatsRepository(deps.db);

  return {
    async stats(teamId: string, range: DayRange): Promise<Stats> {
      const [
        team,
        days,
        byConnector,
        users,
        credentials,
        requestDays,
        median,
        failing,
        providerQuota,
        dataNotices,
      ] = await Promise.all([
        repo.teamCreatedAt(teamId),
        repo.usageDays(teamId, range),
        repo.accountsByConnector(teamId),
        repo.countUsers(teamId),
        repo.credentials(teamId),
        repo.requestDays(teamId, range),
        repo.requestMedian(teamId, range),
        repo.failingAccounts(teamId, range, FAILING_ACCOUNTS_SHOWN),
        providerQuotaStats(deps.db, repo, teamId, range, deps.clock()),
        dataNoticeStats(repo, teamId, range),
      ]);
      if (!team) throw new Error(`team ${teamId} vanished while reading its stats`);
      const accountsUsed = byConnector.reduce((sum, row) => sum + Number(row.accounts), 0);
      const series = usageSeries(days, {
        firstDay: dayIn(team.created_at, range.timeZone),
        today: dayIn(deps.clock(), range.timeZone),
        current: {
          accounts: accountsUsed,
          accountLimit: team.account_limit,
          users: Number(users.n),
          userLimit: team.user_limit,
        },
      });
      return {
        range,
        accounts: {
          used: accountsUsed,
          limit: team.account_limit,
          byConnector: byConnector
            .map((row) => ({
              connector: findConnector(row.connector_id)?.nameSimple ?? String(row.connector_id),
              connectorId: row.connector_id,
              name: connectorName(row.connector_id),
              accounts: Number(row.accounts),
            }))
            .sort((a, b) => b.accounts - a.accounts || a.name.localeCompare(b.name)),
          daily: series.accounts,
        },
        users: { used: Number(users.n), limit: team.user_limit, daily: series.users },
        dataRequests: {
          daily: requestDays.map((d) => ({
            date: d.day,
            requests: d.requests,
            rows: d.rows,
            failures: d.failures,
            medianDurationMs: d.median_ms,
            providerCalls: d.provider_calls,
            callsSaved: d.calls_saved,
          })),
          keptSince: firstKeptDay(deps.clock(), deps.requestRetentionDays, range.timeZone),
          totals: {
            requests: sum(requestDays, 'requests'),
            rows: sum(requestDays, 'rows'),
            failures: sum(requestDays, 'failures'),
            medianDurationMs: median,
            providerCalls: sum(requestDays, 'provider_calls'),
            callsSaved: sum(requestDays, 'calls_saved'),
          },
        },
        failingAccounts: failing.map((row) => ({
          accountId: row.account_id,
          name: row.name ?? 'A deleted account',
          connector: connectorName(row.connector_id),
          connectorId: row.connector_id,
          failures: row.failures,
          lastReason: row.last_reason ?? 'No reason was recorded.',
          lastFailedAt: row.last_failed_at.toISOString(),
        })),
        providerQuota,
        dataNotices,
        credentials: credentials.map((credential) => ({
          id: credential.id,
          connector: connectorName(credential.connector_id),
          connectorId: credential.connector_id,
          name: credential.display_name,
          status: credential.status,
          statusReason: credential.status_reason,
          lastRefreshedAt: credential.last_refreshed_at?.toISOString() ?? null,
          accounts: Number(credential.accounts),
        })),
      };
    },

    /** The Data Sources screen's quota and notice flags per account. */
    accountFlags: async (teamId: string) => ({
      accounts: await accountFlags(deps.db, repo, teamId, deps.clock()),
    }),

    /** Records today's usage of every team (hourly; the day's last write stands). */
    recordUsageDays: () => repo.recordUsageDays(deps.clock()),
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
