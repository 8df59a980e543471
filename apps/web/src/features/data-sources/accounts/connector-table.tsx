import type { Account } from '@gds/contract';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ConnectorGroup, Credential } from '../api/grouped-data-query.ts';
import { AccountRow } from './account-row.tsx';
import {
  COLUMNS,
  CredentialHeaderRow,
  NoAccountsRow,
  type RowActions,
} from './credential-rows.tsx';
import { GapRow } from './gap-row.tsx';
import { estimatedRowHeight, groupRowKey, groupRows, type GroupRow } from './group-rows.ts';
import { useVirtualRows, type RowSlot } from './use-virtual-rows.ts';

interface ConnectorTableProps {
  group: ConnectorGroup;
  connectorName: string;
  actions: RowActions;
  /** Render only the rows near the screen (a long list); false renders them all. */
  virtual: boolean;
}

/**
 * A connector's accounts as a table with a row group per credential: its header row, then its
 * accounts. With `virtual`, only the rows near the screen are in the page; the table still
 * tells assistive technology how many rows it has and where each rendered row sits.
 */
export function ConnectorTable({ group, connectorName, actions, virtual }: ConnectorTableProps) {
  const rows = useMemo(() => groupRows(group), [group]);
  const estimateSize = useCallback((index: number) => estimatedRowHeight(rows[index]!), [rows]);
  const { slots, attachTable, measureRow, focusProps } = useVirtualRows({
    count: rows.length,
    virtual,
    estimateSize,
  });

  const { onShowFields } = actions;
  const showFields = useCallback(
    (account: Account) => onShowFields(group.connectorId, account),
    [onShowFields, group.connectorId],
  );

  const renderRow = (index: number): ReactNode => {
    const row = rows[index]!;
    if (row.kind === 'credential') {
      return (
        <CredentialHeaderRow
          key={groupRowKey(row)}
          connectorId={group.connectorId}
          credential={row.credential}
          actions={actions}
          index={index}
          measureRow={measureRow}
        />
      );
    }
    if (row.kind === 'empty')
      return <NoAccountsRow key={groupRowKey(row)} index={index} measureRow={measureRow} />;
    return (
      <AccountRow
        key={groupRowKey(row)}
        account={row.account}
        canManage={actions.canManage}
        onDelete={actions.onDelete}
        onShowFields={showFields}
        addedByClient={row.credential.connectedByEmail}
        index={index}
        measureRow={measureRow}
      />
    );
  };

  return (
    <div
      className="table-wrap"
      role="region"
      aria-label={`${connectorName} accounts`}
      tabIndex={0}
      {...focusProps}
    >
      <table ref={attachTable} className="table ds-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Account</th>
            <th scope="col" className="ds-col-status">
              Status
            </th>
            <th scope="col" className="col-optional ds-col-date">
              Added
            </th>
            <th scope="col" className="col-optional ds-col-date">
              Last refreshed
            </th>
            <th scope="col" className="ds-actions-col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        {rowGroups(slots, rows).map((body) =>
          body.kind === 'gap' ? (
            <tbody key={body.key} aria-hidden="true">
              <GapRow height={body.height} columns={COLUMNS} />
            </tbody>
          ) : (
            <tbody
              key={body.key}
              className="ds-credential-group"
              data-testid="credential-group"
              data-credential-id={body.credential.id}
            >
              {body.indexes.map(renderRow)}
            </tbody>
          ),
        )}
      </table>
    </div>
  );
}

interface CredentialRowGroup {
  kind: 'rows';
  key: string;
  credential: Credential;
  indexes: number[];
}
type RowGroup = { kind: 'gap'; key: string; height: number } | CredentialRowGroup;

/**
 * The rendered rows gathered into a row group per credential, with the gaps between. A
 * credential split by a gap (its focused row kept while the rest scrolled away) gets a second
 * group; the first keeps the credential's key, so scrolling never remounts it.
 */
function rowGroups(slots: readonly RowSlot[], rows: readonly GroupRow[]): RowGroup[] {
  const groups: RowGroup[] = [];
  const seen = new Map<string, number>();
  let current = null as CredentialRowGroup | null;
  for (const slot of slots) {
    if (slot.kind === 'gap') {
      groups.push(slot);
      current = null;
      continue;
    }
    const credential = rows[slot.index]!.credential;
    if (current?.credential !== credential) {
      const before: number = seen.get(credential.id) ?? 0;
      seen.set(credential.id, before + 1);
      const key = before === 0 ? credential.id : `${credential.id}:${before}`;
      current = { kind: 'rows', key, credential, indexes: [] };
      groups.push(current);
    }
    current.indexes.push(slot.index);
  }
  return groups;
}
