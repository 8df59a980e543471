import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatCount as n } from '../../../lib/counts.ts';
import { ROUTES } from '../../../lib/routes.ts';
import type { Stats } from '../api/stats.ts';
import { ConnectorCell, StatsTableCard } from './stats-table-card.tsx';

/** Accounts whose data requests failed in the range, most failures first, with why. */
export function FailingAccounts({ accounts }: { accounts: Stats['failingAccounts'] }) {
  return (
    <StatsTableCard
      id="failing"
      title="Accounts with failed requests"
      empty={accounts.length === 0 && 'No data request failed in this range.'}
    >
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Data source</th>
          <th scope="col">Failures</th>
          <th scope="col">Last reason</th>
          <th scope="col">Last failed</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr key={account.accountId}>
            <td data-label="Account">{account.name}</td>
            <ConnectorCell id={account.connectorId} name={account.connector} />
            <td data-label="Failures">{n(account.failures)}</td>
            <td data-label="Last reason">{account.lastReason}</td>
            <td data-label="Last failed">
              <RelativeTime value={account.lastFailedAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </StatsTableCard>
  );
}

const STATUS_TONE = { connected: 'success', needs_reconnect: 'danger', error: 'warning' } as const;
const STATUS_TEXT: Record<string, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnecting',
  error: 'Error',
};

/** Every credential (users read "login") with its last access refresh, oldest first. */
export function CredentialRefreshes({ credentials }: { credentials: Stats['credentials'] }) {
  return (
    <StatsTableCard
      id="credentials"
      title="Logins and last refresh"
      empty={
        credentials.length === 0 && (
          <>
            No logins yet. <Link to={ROUTES.DataSources.path}>Connect a data source</Link>.
          </>
        )
      }
    >
      <thead>
        <tr>
          <th scope="col">Login</th>
          <th scope="col">Data source</th>
          <th scope="col">Accounts</th>
          <th scope="col">Status</th>
          <th scope="col">Last refresh</th>
        </tr>
      </thead>
      <tbody>
        {credentials.map((credential) => (
          <tr key={credential.id}>
            <td data-label="Login">{credential.name}</td>
            <ConnectorCell id={credential.connectorId} name={credential.connector} />
            <td data-label="Accounts">{n(credential.accounts)}</td>
            <td data-label="Status">
              <Badge tone={STATUS_TONE[credential.status as keyof typeof STATUS_TONE] ?? 'neutral'}>
                {STATUS_TEXT[credential.status] ?? credential.status}
              </Badge>
              {credential.statusReason && (
                <span className="stats-reason">{credential.statusReason}</span>
              )}
            </td>
            <td data-label="Last refresh">
              <RelativeTime value={credential.lastRefreshedAt} fallback="Not refreshed yet" />
            </td>
          </tr>
        ))}
      </tbody>
    </StatsTableCard>
  );
}
