import { useMemo } from 'react';
import { Button } from '../../../components/button.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import type { AccountCounts } from './account-filters.ts';
import { ConnectorGroupCard } from './connector-group.tsx';
import type { RowActions } from './credential-rows.tsx';
import { NoAccountsMatch } from './data-sources-states.tsx';
import { DataSourcesToolbar } from './data-sources-toolbar.tsx';
import { DeletedAccounts } from './deleted-accounts.tsx';
import { groupRowCount } from './group-rows.ts';
import type { AccountFiltering, AccountView } from './use-account-filters.ts';
import type { CollapsedGroups } from './use-collapsed-groups.ts';
import type { DeleteRestore } from './use-delete-restore.ts';
import { VIRTUALISE_ABOVE } from './use-virtual-rows.ts';

interface AccountViewsProps {
  view: AccountView;
  onViewChange: (view: AccountView) => void;
  counts: AccountCounts;
  filtering: AccountFiltering;
  collapse: CollapsedGroups;
  connectorName: (connectorId: number) => string;
  /** "Open in Looker Studio" of a connector; undefined when it has no deployment. */
  lookerStudioUrl: (connectorId: number) => string | undefined;
  connectorOptions: ReadonlyArray<{ id: number; name: string }>;
  retentionDays: number;
  canManage: boolean;
  actions: RowActions;
  deleteRestore: DeleteRestore;
}

/** The Accounts and Deleted tabs: the filter toolbar over the grouped accounts or Deleted. */
export function AccountViews({
  view,
  onViewChange,
  counts,
  filtering,
  collapse,
  connectorName,
  lookerStudioUrl,
  connectorOptions,
  retentionDays,
  canManage,
  actions,
  deleteRestore,
}: AccountViewsProps) {
  const { visibleGroups } = filtering;
  // One decision for the whole screen: many small groups are as long a list as one big one.
  const virtual = useMemo(() => {
    let rows = 0;
    for (const group of visibleGroups) {
      if (!collapse.collapsed.has(group.connectorId)) rows += groupRowCount(group);
    }
    return rows > VIRTUALISE_ABOVE;
  }, [visibleGroups, collapse.collapsed]);
  return (
    <Tabs
      label="Accounts"
      value={view}
      onChange={onViewChange}
      tabs={[
        {
          value: 'accounts',
          label: <TabLabel text="Accounts" count={counts.active} />,
          testId: 'tab-accounts',
        },
        {
          value: 'deleted',
          label: <TabLabel text="Deleted" count={counts.deleted} />,
          testId: 'tab-deleted',
        },
      ]}
    >
      <DataSourcesToolbar
        filters={filtering.filters}
        onChange={filtering.setFilters}
        connectors={connectorOptions}
        counts={counts}
        showStatus={view === 'accounts'}
        trailing={
          view === 'accounts' &&
          visibleGroups.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              onClick={collapse.toggleAll}
              data-testid="toggle-all-groups"
            >
              {collapse.allCollapsed ? 'Expand all' : 'Collapse all'}
            </Button>
          )
        }
      />
      {view === 'deleted' ? (
        <DeletedAccounts
          rows={filtering.deleted}
          connectorName={connectorName}
          retentionDays={retentionDays}
          canManage={canManage}
          filtering={filtering.filtering}
          onRestore={deleteRestore.restore}
          restoringId={deleteRestore.restoringId}
          restoreError={deleteRestore.restoreError}
          onDismissError={deleteRestore.dismissRestoreError}
        />
      ) : visibleGroups.length === 0 ? (
        <NoAccountsMatch onClear={filtering.clearFilters} />
      ) : (
        <div className="ds-groups" aria-busy={filtering.updating || undefined}>
          {visibleGroups.map((group) => (
            <ConnectorGroupCard
              key={group.connectorId}
              group={group}
              connectorName={connectorName(group.connectorId)}
              lookerStudioUrl={lookerStudioUrl(group.connectorId)}
              collapsed={collapse.collapsed.has(group.connectorId)}
              onToggle={collapse.toggle}
              actions={actions}
              virtual={virtual}
            />
          ))}
        </div>
      )}
    </Tabs>
  );
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <>
      {text}
      <span className="tab-count">{count.toLocaleString('en-US')}</span>
    </>
  );
}
