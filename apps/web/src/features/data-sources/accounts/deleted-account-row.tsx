import { formatMediumDate, type Account } from '@gds/contract';
import { memo } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import type { DeletedRow } from './account-filters.ts';
import { personLabel } from './account-format.ts';

/** A deleted account: its credential, connector, when and by whom deleted, purge date, Restore. */
export const DeletedAccountRow = memo(function DeletedAccountRow({
  row: { account, credential, connectorId },
  connectorName,
  canManage,
  restoring,
  onRestore,
  index,
  measureRow,
}: {
  row: DeletedRow;
  connectorName: string;
  canManage: boolean;
  restoring: boolean;
  onRestore: (account: Account) => void;
  /** Its place in the list, for aria-rowindex and measuring. */
  index: number;
  measureRow?: ((element: HTMLTableRowElement | null) => void) | undefined;
}) {
  const deletedBy = personLabel(account.deletedBy);
  return (
    <tr
      ref={measureRow}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="deleted-account-row"
      data-account-id={account.id}
    >
      <td>
        <div className="ds-account">
          <span className="ds-account-name">{account.name}</span>
          <span className="ds-account-id">
            {account.externalId} · {credential.name}
          </span>
        </div>
      </td>
      <td className="col-optional">
        <span className="ds-connector-cell">
          <ConnectorBadge connector={{ id: connectorId, name: connectorName }} size="sm" />
          {connectorName}
        </span>
      </td>
      <td>
        <div className="ds-cell-stack">
          <span>{account.deletedAt ? formatMediumDate(account.deletedAt) : '—'}</span>
          <span className="ds-cell-sub" title={`by ${deletedBy}`}>
            by {deletedBy}
          </span>
        </div>
      </td>
      <td className="col-optional">
        {account.purgeAt ? (
          <div className="ds-cell-stack">
            <span>{formatMediumDate(account.purgeAt)}</span>
            <RelativeTime value={account.purgeAt} className="ds-cell-sub" />
          </div>
        ) : (
          '—'
        )}
      </td>
      <td className="ds-actions">
        {canManage && (
          <Button
            size="sm"
            icon={<Icon name="undo" size={14} />}
            loading={restoring}
            onClick={() => onRestore(account)}
            data-testid="restore-account-button"
          >
            Restore<span className="visually-hidden"> {account.name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
});
