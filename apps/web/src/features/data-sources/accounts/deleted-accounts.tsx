import type { Account } from '@gds/contract';
import { useCallback } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PlanRefusalHint } from '../../../components/plan-refusal-hint.tsx';
import type { DeletedRow } from './account-filters.ts';
import { DeletedAccountRow } from './deleted-account-row.tsx';
import { GapRow } from './gap-row.tsx';
import type { RestoreError } from './use-delete-restore.ts';
import { VIRTUALISE_ABOVE, useVirtualRows } from './use-virtual-rows.ts';

/** A deleted account's row height before it is measured (pixels). */
const DELETED_ROW_HEIGHT = 57;

interface DeletedAccountsProps {
  rows: readonly DeletedRow[];
  connectorName: (connectorId: number) => string;
  retentionDays: number;
  canManage: boolean;
  filtering: boolean;
  onRestore: (account: Account) => void;
  /** The account being restored, for its button's spinner. */
  restoringId: string | null;
  /** Why the last restore was refused (e.g. the plan's account limit), shown above the list. */
  restoreError: RestoreError | null;
  onDismissError: () => void;
}

/** The Deleted view: when, by whom, when it is purged for good, and Restore. */
export function DeletedAccounts({
  rows,
  connectorName,
  retentionDays,
  canManage,
  filtering,
  onRestore,
  restoringId,
  restoreError,
  onDismissError,
}: DeletedAccountsProps) {
  const estimateSize = useCallback(() => DELETED_ROW_HEIGHT, []);
  const { slots, attachTable, measureRow, focusProps } = useVirtualRows({
    count: rows.length,
    virtual: rows.length > VIRTUALISE_ABOVE,
    estimateSize,
  });
  return (
    <section className="card ds-deleted" aria-label="Deleted accounts" data-testid="deleted-view">
      <p className="ds-deleted-intro">
        <Icon name="clock" size={16} />
        Deleted accounts no longer feed your reports. They are kept for {retentionDays} days and can
        be restored until they are purged.
      </p>
      {restoreError && (
        <div
          className="alert alert-danger ds-inline-alert"
          role="alert"
          data-testid="restore-error"
        >
          <Icon name="alert" />
          <div>
            <strong>The account could not be restored.</strong> {restoreError.message}
            {restoreError.refusal && (
              <PlanRefusalHint refusal={restoreError.refusal} action="to restore it" />
            )}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss message"
            onClick={onDismissError}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      )}
      {rows.length === 0 ? (
        <EmptyState
          icon="trash"
          title={filtering ? 'No deleted accounts match' : 'Nothing deleted'}
          headingLevel={3}
        >
          {filtering
            ? 'Try another search or connector.'
            : `Accounts you delete stay here for ${retentionDays} days.`}
        </EmptyState>
      ) : (
        <div
          className="table-wrap"
          role="region"
          aria-label="Deleted accounts list"
          tabIndex={0}
          {...focusProps}
        >
          <table ref={attachTable} className="table ds-table" aria-rowcount={rows.length + 1}>
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col">Account</th>
                <th scope="col" className="col-optional ds-col-connector">
                  Connector
                </th>
                <th scope="col" className="ds-col-date">
                  Deleted
                </th>
                <th scope="col" className="col-optional ds-col-date">
                  Purged
                </th>
                <th scope="col" className="ds-actions-col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slots.map((slot) =>
                slot.kind === 'gap' ? (
                  <GapRow key={slot.key} height={slot.height} columns={5} />
                ) : (
                  <DeletedAccountRow
                    key={rows[slot.index]!.account.id}
                    row={rows[slot.index]!}
                    connectorName={connectorName(rows[slot.index]!.connectorId)}
                    canManage={canManage}
                    restoring={restoringId === rows[slot.index]!.account.id}
                    onRestore={onRestore}
                    index={slot.index}
                    measureRow={measureRow}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
