import { formatMediumDate, type Account } from '@gds/contract';
import { memo, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { Credential } from '../api/grouped-data-query.ts';
import { needsAttention } from './account-filters.ts';
import { STATUS_LABELS, STATUS_TONES, personLabel } from './account-format.ts';
import { AccountRow } from './account-row.tsx';

/** Accounts shown per credential before "Show all": keeps the first paint small with thousands. */
export const ACCOUNTS_PAGE = 50;
const COLUMNS = 5;

export interface RowActions {
  canManage: boolean;
  onDelete: (account: Account) => void;
  onReconnect: (connectorId: number, credential: Credential) => void;
  /** False while the connector catalog does not know the connector. */
  canReconnect: (connectorId: number) => boolean;
}

/** A credential's row group: its header row (name, id, health, Reconnect), then its accounts. */
export const CredentialRows = memo(function CredentialRows({
  connectorId,
  credential,
  actions,
}: {
  connectorId: number;
  credential: Credential;
  actions: RowActions;
}) {
  const [limit, setLimit] = useState(ACCOUNTS_PAGE);
  const shown =
    credential.accounts.length > limit ? credential.accounts.slice(0, limit) : credential.accounts;
  const hidden = credential.accounts.length - shown.length;
  const attention = needsAttention(credential);
  return (
    <tbody
      className="ds-credential-group"
      data-testid="credential-group"
      data-credential-id={credential.id}
    >
      <tr className={`ds-credential-row${attention ? ' ds-credential-row-attention' : ''}`}>
        <th scope="rowgroup" colSpan={COLUMNS}>
          <div className="ds-credential">
            <div className="ds-credential-main">
              <span className="ds-credential-title">
                <Icon name="lock" size={14} />
                <span className="ds-credential-name">{credential.name}</span>
                <code className="ds-id" title="Login id">
                  {credential.id}
                </code>
                {credential.status !== 'connected' && (
                  <Badge tone={STATUS_TONES[credential.status]}>
                    {STATUS_LABELS[credential.status]}
                  </Badge>
                )}
              </span>
              <span className="ds-credential-meta">
                {credential.connectedByEmail && !credential.addedBy ? (
                  <span data-testid="connected-by-client">
                    Connected by {credential.connectedByEmail} via link
                  </span>
                ) : (
                  <>Added by {personLabel(credential.addedBy)}</>
                )}{' '}
                on {formatMediumDate(credential.addedAt)}
                {credential.lastRefreshedAt && (
                  <span>
                    {' '}
                    · Refreshed <RelativeTime value={credential.lastRefreshedAt} />
                  </span>
                )}
              </span>
              {attention && (
                <span className="ds-credential-reason" data-testid="credential-status-reason">
                  <Icon name="alert" size={14} />
                  {credential.statusReason ??
                    (credential.status === 'error'
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
                onClick={() => actions.onReconnect(connectorId, credential)}
                data-testid="reconnect-button"
              >
                Reconnect<span className="visually-hidden"> {credential.name}</span>
              </Button>
            )}
          </div>
        </th>
      </tr>
      {shown.map((account) => (
        <AccountRow
          key={account.id}
          account={account}
          canManage={actions.canManage}
          onDelete={actions.onDelete}
          addedByClient={credential.connectedByEmail}
        />
      ))}
      {credential.accounts.length === 0 && (
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
              onClick={() => setLimit(credential.accounts.length)}
              data-testid="show-all-accounts"
            >
              Show all {credential.accounts.length.toLocaleString('en-US')} accounts
            </Button>
            <span className="ds-more-note">
              Showing {shown.length} of {credential.accounts.length.toLocaleString('en-US')}
            </span>
          </td>
        </tr>
      )}
    </tbody>
  );
});
