import { ACCOUNT_NOTICE_DAYS } from '@gds/contract';
import { useContext } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes.ts';
import { useCan } from '../../../lib/permissions.ts';
import type { AccountFlags } from '../api/account-flags-query.ts';
import { AccountFlagsContext } from './account-flags-context.ts';
import { FlagBadge } from './flag-badge.tsx';

type Notice = AccountFlags['notices'][number];

const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:20 PM" today, "Mar 21, 12:00 AM" another day. */
function resumeTime(value: string): string {
  const at = new Date(value);
  return at.toDateString() === new Date().toDateString()
    ? timeOnly.format(at)
    : dayAndTime.format(at);
}

const reports = (n: number) => (n === 1 ? '1 report' : `${n.toLocaleString('en-US')} reports`);
const WEEK = `In the last ${ACCOUNT_NOTICE_DAYS} days`;

/**
 * What each notice means for a report and what to do, as GA4 describes its response metadata
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/ResponseMetaData):
 * sampled figures come from part of the events, thresholding withholds rows with few users,
 * and past the row limit dimension values are rolled into "(other)".
 */
const NOTICES: Record<Notice['kind'], { label: string; tip: (n: Notice) => string }> = {
  sampled: {
    label: 'Sampled',
    tip: (n) =>
      `${WEEK}, ${reports(n.requests)} showed figures the data source computed from part of its data: totals are estimates. For exact figures, shorten the date range or use fewer dimensions.`,
  },
  thresholded: {
    label: 'Thresholded',
    tip: (n) =>
      `${WEEK}, the data source held back rows with few users from ${reports(n.requests)} to protect their privacy: totals can be lower than they are. Use a longer date range or fewer dimensions (age, gender, interests).`,
  },
  other_row: {
    label: '(other) rows',
    tip: (n) =>
      `${WEEK}, ${reports(n.requests)} had too many rows for the data source, which lumped the rest into "(other)". Use fewer dimensions, a shorter date range or a filter.`,
  },
};

/** The quota badge's text and tip, or null when the account is within its limits. */
function quotaBadge(quota: AccountFlags['quota']) {
  if (!quota) return null;
  if (quota.standing === 'near') {
    return {
      tone: 'warning' as const,
      label: 'Near quota',
      tip: `80% or more of this account's ${quota.quota} at the data source is spent. When it runs out, reports wait until it refreshes. To spend less, shorten date ranges, use fewer charts or refresh reports less often.`,
    };
  }
  const resumes = quota.resumesAt ? resumeTime(quota.resumesAt) : null;
  return {
    tone: 'danger' as const,
    label: resumes ? `Quota used up — resumes at ${resumes}` : 'Quota used up',
    tip: `This account's ${quota.quota} at the data source is used up. Its reports wait${resumes ? ` until ${resumes}` : ' until it refreshes'} and then load by themselves. To spend less, shorten date ranges, use fewer charts or refresh reports less often.`,
  };
}

/**
 * An account's flags on its row: its provider's quota near or past a limit, and what its
 * provider said about its figures this week; with a link to Stats for members who see it.
 */
export function AccountFlagBadges({ accountId, name }: { accountId: string; name: string }) {
  const flags = useContext(AccountFlagsContext).get(accountId);
  const canSeeStats = useCan(['view_stats']);
  if (!flags) return null;
  const quota = quotaBadge(flags.quota);
  if (!quota && flags.notices.length === 0) return null;
  return (
    <span className="ds-flags" data-testid="account-flags">
      {quota && <FlagBadge {...quota} testId="account-quota-flag" />}
      {flags.notices.map((notice) => (
        <FlagBadge
          key={notice.kind}
          tone="warning"
          label={NOTICES[notice.kind].label}
          tip={NOTICES[notice.kind].tip(notice)}
          testId="account-notice-flag"
        />
      ))}
      {canSeeStats && (
        <Link
          className="ds-flags-link"
          to={ROUTES.Stats.path}
          aria-label={`Quota and notices of ${name} in Stats`}
        >
          See Stats
        </Link>
      )}
    </span>
  );
}
