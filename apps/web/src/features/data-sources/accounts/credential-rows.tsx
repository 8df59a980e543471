import { formatMediumDate, type Account } from '@gds/contract';
import { memo } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DropdownMenu, type MenuItem } from '../../../components/dropdown-menu.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime, useNow } from '../../../components/relative-time.tsx';
import type { Credential } from '../api/grouped-data-query.ts';
import { needsAttention } from './account-filters.ts';
import { STATUS_LABELS, STATUS_TONES, personLabel } from './account-format.ts';
import { daysToExpiry, expiryLabel } from './credential-expiry.ts';

/** Columns of a connector's table: account, status, added, last refreshed, actions. */
export const COLUMNS = 5;

export interface RowActions {
  canManage: boolean;
  onDelete: (account: Account) => void;
  /** Opens the field explorer on one of the connector's accounts. */
  onShowFields: (connectorId: number, account: Account) => void;
  onReconnect: (connectorId: number, credential: Credential) => void;
  /** False while the connector catalog does not know the connector. */
  canReconnect: (connectorId: number) => boolean;
  /** The login's menu: what a manager may do with it (ask its owner to reconnect, replace its key). */
  menuFor: (connectorId: number, credential: Credential) => readonly MenuItem[];
}

/**
 * A credential's header row, the first of its row group: name and id, health, Reconnect, and
 * the login's menu. `index` is its place in the table's list of rows.
 */
export const CredentialHeaderRow = memo(function CredentialHeaderRow({
  connectorId,
  credential,
  actions,
  index,
  measureRow,
}: {
  connectorId: number;
  credential: Credential;
  actions: RowActions;
  index: number;
  measureRow?: ((element: HTMLTableRowElement | null) => void) | undefined;
}) {
  const attention = needsAttention(credential);
  const now = useNow();
  const days = daysToExpiry(credential, now);
  const menu = actions.canManage ? actions.menuFor(connectorId, credential) : [];
  return (
    <tr
      ref={measureRow}
      data-index={index}
      aria-rowindex={index + 2}
      className={`ds-credential-row${attention ? ' ds-credential-row-attention' : ''}`}
    >
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
              {days !== null && (
                <span
                  title={`Reconnect before ${formatMediumDate(credential.expiresAt ?? '')} so its reports keep working (${credential.expirySource === 'provider' ? 'as the provider said' : 'as the provider documents its logins lasting'}).`}
                  data-testid="credential-expiry"
                >
                  <Badge tone={days <= 1 ? 'danger' : 'warning'}>{expiryLabel(days)}</Badge>
                </span>
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
          {menu.length > 0 && (
            <DropdownMenu
              trigger={<Icon name="menu" size={14} />}
              triggerLabel={`Actions for ${credential.name}`}
              menuLabel={`Actions for ${credential.name}`}
              items={menu}
              triggerTestId="credential-menu"
            />
          )}
        </div>
      </th>
    </tr>
  );
});

/** The row a credential without accounts shows under its header. */
export function NoAccountsRow({
  index,
  measureRow,
}: {
  index: number;
  measureRow?: ((element: HTMLTableRowElement | null) => void) | undefined;
}) {
  return (
    <tr ref={measureRow} data-index={index} aria-rowindex={index + 2}>
      <td colSpan={COLUMNS} className="ds-empty-row">
        No accounts under this login.
      </td>
    </tr>
  );
}
