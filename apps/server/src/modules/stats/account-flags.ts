import {
  ACCOUNT_NOTICE_DAYS,
  isDataNoticeKind,
  type ResponseOf,
  type getAccountFlags,
} from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { latestByQuota, quotaName, quotaState, teamQuotaHours } from '../reports/provider-quota.ts';
import type { createStatsRepository } from './stats.repository.ts';

type AccountFlags = ResponseOf<typeof getAccountFlags>['accounts'][number];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What the Data Sources screen flags per account: its quota state now, read as a job reads it
 * before calling (the last 25 hours, so a daily quota's reading counts), and the notices of
 * the last week. Accounts with nothing to flag are left out.
 */
export async function accountFlags(
  db: Db,
  repo: ReturnType<typeof createStatsRepository>,
  teamId: string,
  now: Date,
): Promise<AccountFlags[]> {
  const [hours, notices] = await Promise.all([
    teamQuotaHours(
      db,
      teamId,
      new Date(now.getTime() - 25 * HOUR_MS),
      new Date(now.getTime() + HOUR_MS),
    ),
    repo.noticesSince(teamId, new Date(now.getTime() - ACCOUNT_NOTICE_DAYS * DAY_MS)),
  ]);
  const byAccount = new Map<string, AccountFlags>();
  const flagsOf = (accountId: string) => {
    let flags = byAccount.get(accountId);
    if (!flags) byAccount.set(accountId, (flags = { accountId, quota: null, notices: [] }));
    return flags;
  };

  const hoursByAccount = new Map<string, typeof hours>();
  for (const hour of hours) {
    const own = hoursByAccount.get(hour.account_id);
    if (own) own.push(hour);
    else hoursByAccount.set(hour.account_id, [hour]);
  }
  for (const [accountId, own] of hoursByAccount) {
    const state = quotaState(latestByQuota(own), now);
    if (state.standing === 'ok' || state.quota === null) continue;
    flagsOf(accountId).quota = {
      standing: state.standing,
      quota: quotaName(state.quota),
      resumesAt: state.resumesAt?.toISOString() ?? null,
    };
  }
  for (const notice of notices) {
    if (!isDataNoticeKind(notice.kind)) continue;
    flagsOf(notice.account_id).notices.push({
      kind: notice.kind,
      requests: notice.requests,
      lastAt: notice.last_at.toISOString(),
    });
  }
  return [...byAccount.values()];
}
