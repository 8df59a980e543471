import { formatMediumDate, type Account } from '@gds/contract';
import { memo } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AccountFlagBadges } from './account-flag-badges.tsx';
import { STATUS_LABELS, STATUS_TONES, personLabel } from './account-format.ts';

/**
 * One account under its credential: name and id, its quota and notice flags, status, when
 * added, last refresh, its fields and Delete.
 */
export const AccountRow = memo(function AccountRow({
  account,
  canManage,
  onDelete,
  onShowFields,
  addedByClient,
  index,
  measureRow,
}: {
  account: Account;
  canManage: boolean;
  onDelete: (account: Account) => void;
  onShowFields: (account: Account) => void;
  /** The client's email when its login came through a client link (no member added it). */
  addedByClient?: string | null;
  /** Its place in the table's list of rows. */
  index: number;
  measureRow?: ((element: HTMLTableRowElement | null) => void) | undefined;
}) {
  const addedBy =
    !account.addedBy && addedByClient ? `${addedByClient} via link` : personLabel(account.addedBy);
  return (
    <tr
      ref={measureRow}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="account-row"
      data-account-id={account.id}
      data-status={account.status}
    >
      <td>
        <div className="ds-account">
          <span className="ds-account-name">{account.name}</span>
          <span className="ds-account-id">{account.externalId}</span>
          {(account.timeZone || account.currency) && (
            <span className="ds-cell-sub" data-testid="account-zone-currency">
              {[account.timeZone, account.currency].filter(Boolean).join(' · ')}
            </span>
          )}
          <AccountFlagBadges accountId={account.id} name={account.name} />
        </div>
      </td>
      <td>
        <Badge tone={STATUS_TONES[account.status]}>{STATUS_LABELS[account.status]}</Badge>
      </td>
      <td className="col-optional">
        <div className="ds-cell-stack">
          <span>{formatMediumDate(account.addedAt)}</span>
          <span className="ds-cell-sub" title={`by ${addedBy}`}>
            by {addedBy}
          </span>
        </div>
      </td>
      <td className="col-optional nowrap">
        {account.lastRefreshedAt ? (
          <RelativeTime value={account.lastRefreshedAt} />
        ) : (
          <span className="ds-cell-sub">Never</span>
        )}
      </td>
      <td className="ds-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Fields of ${account.name}`}
          title="Fields"
          onClick={() => onShowFields(account)}
          data-testid="account-fields-button"
        >
          <Icon name="list" size={16} />
        </button>
        {canManage && (
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Delete ${account.name}`}
            title="Delete"
            onClick={() => onDelete(account)}
            data-testid="delete-account-button"
          >
            <Icon name="trash" size={16} />
          </button>
        )}
      </td>
    </tr>
  );
});
