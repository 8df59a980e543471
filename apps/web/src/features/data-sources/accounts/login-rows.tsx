import { formatMediumDate, type Account } from '@gds/contract';
import { memo, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import type { Login } from '../api/grouped-data-query.ts';
import { needsAttention } from './account-filters.ts';
import {
  STATUS_LABELS,
  STATUS_TONES,
  formatDateTime,
  personLabel,
  timeFromNow,
} from './account-format.ts';

/** Accounts shown per login before "Show all": keeps the first paint small with thousands. */
export const ACCOUNTS_PAGE = 50;
const COLUMNS = 5;

export interface RowActions {
  canManage: boolean;
  onDelete: (account: Account) => void;
  onReconnect: (connectorId: number, login: Login) => void;
  /** False while the connector catalog does not know the connector. */
  canReconnect: (connectorId: number) => boolean;
}

/** A login's row group: its header row (name, id, health, Reconnect), then its accounts. */
export const LoginRows = memo(function LoginRows({
  connectorId,
  login,
  actions,
}: {
  connectorId: number;
  login: Login;
  actions: RowActions;
}) {
  const [limit, setLimit] = useState(ACCOUNTS_PAGE);
  const shown = login.accounts.length > limit ? login.accounts.slice(0, limit) : login.accounts;
  const hidden = login.accounts.length - shown.length;
  const attention = needsAttention(login);
  return (
    <tbody className="ds-login-group" data-testid="login-group" data-login-id={login.id}>
      <tr className={`ds-login-row${attention ? ' ds-login-row-attention' : ''}`}>
        <th scope="rowgroup" colSpan={COLUMNS}>
          <div className="ds-login">
            <div className="ds-login-main">
              <span className="ds-login-title">
                <Icon name="lock" size={14} />
                <span className="ds-login-name">{login.name}</span>
                <code className="ds-id" title="Login id">
                  {login.id}
                </code>
                {login.status !== 'connected' && (
                  <Badge tone={STATUS_TONES[login.status]}>{STATUS_LABELS[login.status]}</Badge>
                )}
              </span>
              <span className="ds-login-meta">
                Added by {personLabel(login.addedBy)} on {formatMediumDate(login.addedAt)}
                {login.lastRefreshedAt && (
                  <span title={formatDateTime(login.lastRefreshedAt)}>
                    {' '}
                    · Refreshed {timeFromNow(login.lastRefreshedAt)}
                  </span>
                )}
              </span>
              {attention && (
                <span className="ds-login-reason" data-testid="login-status-reason">
                  <Icon name="alert" size={14} />
                  {login.statusReason ??
                    (login.status === 'error'
                      ? 'The provider answered with an error.'
                      : 'The provider no longer accepts this login.')}
                </span>
              )}
            </div>
            {attention && actions.canManage && actions.canReconnect(connectorId) && (
              <Button
                size="sm"
                variant="primary"
                icon={<Icon name="refresh" size={14} />}
                onClick={() => actions.onReconnect(connectorId, login)}
                data-testid="reconnect-button"
              >
                Reconnect<span className="visually-hidden"> {login.name}</span>
              </Button>
            )}
          </div>
        </th>
      </tr>
      {shown.map((account) => (
        <AccountRow key={account.id} account={account} actions={actions} />
      ))}
      {login.accounts.length === 0 && (
        <tr>
          <td colSpan={COLUMNS} className="ds-empty-row">
            No accounts under this login.
          </td>
        </tr>
      )}
      {hidden > 0 && (
        <tr>
          <td colSpan={COLUMNS} className="ds-more-row">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setLimit(login.accounts.length)}
              data-testid="show-all-accounts"
            >
              Show all {login.accounts.length.toLocaleString('en-US')} accounts
            </Button>
            <span className="ds-more-note">
              Showing {shown.length} of {login.accounts.length.toLocaleString('en-US')}
            </span>
          </td>
        </tr>
      )}
    </tbody>
  );
});

const AccountRow = memo(function AccountRow({
  account,
  actions,
}: {
  account: Account;
  actions: RowActions;
}) {
  return (
    <tr data-testid="account-row" data-account-id={account.id} data-status={account.status}>
      <td>
        <div className="ds-account">
          <span className="ds-account-name">{account.name}</span>
          <span className="ds-account-id">{account.externalId}</span>
        </div>
      </td>
      <td>
        <Badge tone={STATUS_TONES[account.status]}>{STATUS_LABELS[account.status]}</Badge>
      </td>
      <td className="col-optional">
        <div className="ds-cell-stack">
          <span>{formatMediumDate(account.addedAt)}</span>
          <span className="ds-cell-sub">by {personLabel(account.addedBy)}</span>
        </div>
      </td>
      <td className="col-optional nowrap">
        {account.lastRefreshedAt ? (
          <span title={formatDateTime(account.lastRefreshedAt)}>
            {timeFromNow(account.lastRefreshedAt)}
          </span>
        ) : (
          <span className="ds-cell-sub">Never</span>
        )}
      </td>
      <td className="ds-actions">
        {actions.canManage && (
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Delete ${account.name}`}
            title="Delete"
            onClick={() => actions.onDelete(account)}
            data-testid="delete-account-button"
          >
            <Icon name="trash" size={16} />
          </button>
        )}
      </td>
    </tr>
  );
});
