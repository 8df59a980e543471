import { Badge } from '../../../components/badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatCount as n } from '../../../lib/counts.ts';
import type { Stats } from '../api/stats.ts';
import { ConnectorCell, StatsTableCard } from './stats-table-card.tsx';

const STANDING: Record<
  Stats['providerQuota'][number]['standing'],
  { label: string; tone: 'success' | 'warning' | 'danger' }
> = {
  ok: { label: 'Within limits', tone: 'success' },
  near: { label: 'Near its limit', tone: 'warning' },
  over: { label: 'Reports wait', tone: 'danger' },
};

const NOTICE_LABELS: Record<Stats['dataNotices'][number]['kind'], string> = {
  sampled: 'Sampled',
  thresholded: 'Thresholded',
  other_row: '"(other)" rows',
};

/** What is left of a quota after the hour's last call, as the provider said it. */
function left(hour: Stats['providerQuota'][number]['hours'][number]): string {
  if (hour.remaining !== null) return `${n(hour.remaining)} left`;
  if (hour.usedPct !== null) return `${Math.round(hour.usedPct)}% used`;
  return '—';
}

/**
 * Each account's provider quota: how close it is to a limit, the last day hour by hour, what
 * the range's reports spent per day, and whose reports spent it.
 */
export function ProviderQuota({ accounts }: { accounts: Stats['providerQuota'] }) {
  return (
    <StatsTableCard
      id="quota"
      title="Provider quota"
      empty={accounts.length === 0 && 'No data source stated a quota in this range.'}
    >
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Data source</th>
          <th scope="col">Now</th>
          <th scope="col">Last hours</th>
          <th scope="col">Spent per day</th>
          <th scope="col">Spent by</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr key={account.accountId} data-testid="stats-quota-row">
            <td data-label="Account">{account.name}</td>
            <ConnectorCell id={account.connectorId} name={account.connector} />
            <td data-label="Now">
              <Badge tone={STANDING[account.standing].tone}>
                {STANDING[account.standing].label}
              </Badge>
            </td>
            <td data-label="Last hours">
              <ul className="stats-list">
                {account.hours.slice(0, 6).map((hour) => (
                  <li key={`${hour.hour} ${hour.quota}`}>
                    {hour.hour.slice(11, 16)} UTC · {hour.quota}:{' '}
                    {hour.spent === null
                      ? ''
                      : `${n(hour.spent)} spent in ${n(hour.calls)} calls, `}
                    {left(hour)}
                  </li>
                ))}
              </ul>
            </td>
            <td data-label="Spent per day">
              <ul className="stats-list">
                {account.days.map((day) => (
                  <li key={day.date}>
                    {day.date}: {n(day.spent)} in {n(day.requests)} requests
                  </li>
                ))}
              </ul>
            </td>
            <td data-label="Spent by">
              <ul className="stats-list">
                {account.spentBy.map((who) => (
                  <li key={who.name}>
                    {who.name}: {n(who.spent)} ({n(who.requests)} requests)
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </StatsTableCard>
  );
}

/** Accounts whose figures the provider said were sampled, thresholded or lumped together. */
export function DataNotices({ notices }: { notices: Stats['dataNotices'] }) {
  return (
    <StatsTableCard
      id="notices"
      title="Figures that are not exact"
      empty={notices.length === 0 && 'Every report in this range had exact figures.'}
    >
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Data source</th>
          <th scope="col">Notice</th>
          <th scope="col">Requests</th>
          <th scope="col">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {notices.map((notice) => (
          <tr key={`${notice.accountId} ${notice.kind}`} data-testid="stats-notice-row">
            <td data-label="Account">{notice.name}</td>
            <td data-label="Data source">{notice.connector}</td>
            <td data-label="Notice">
              <Badge tone="warning">{NOTICE_LABELS[notice.kind]}</Badge> {notice.message}
            </td>
            <td data-label="Requests">{n(notice.requests)}</td>
            <td data-label="Last seen">
              <RelativeTime value={notice.lastAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </StatsTableCard>
  );
}
