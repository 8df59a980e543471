import type { Account } from '@gds/contract';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteAccount, useRestoreAccount } from '../api/account-mutations.ts';
import { useConnectors, type Connector } from '../api/connectors-query.ts';
import { useGroupedData } from '../api/grouped-data-query.ts';
import {
  NO_FILTERS,
  countAccounts,
  deletedRows,
  filterGroups,
  hasFilters,
  type AccountFilters,
} from './account-filters.ts';
import { ConnectorGallery } from '../connect/connector-gallery.tsx';
import { ConnectorGroupCard } from './connector-group.tsx';
import { DataSourcesToolbar } from './data-sources-toolbar.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { DeletedAccounts } from './deleted-accounts.tsx';
import type { RowActions } from './credential-rows.tsx';
import { UsageMeter } from './usage-meter.tsx';
import { useConnectFlow } from '../connect/use-connect-flow.tsx';

type View = 'accounts' | 'deleted';

/** The Data Sources screen: usage, the team's accounts grouped by connector, and Deleted. */
export function DataSourcesPage() {
  const grouped = useGroupedData();
  const connectors = useConnectors();
  const canManage = useCan(['manage_data_sources']);
  const { connect, dialog: credentialDialog } = useConnectFlow();
  const [view, setView] = useState<View>('accounts');
  const [filters, setFilters] = useState<AccountFilters>(NO_FILTERS);
  const deferredFilters = useDeferredValue(filters);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Account | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const restoreAccount = useRestoreAccount();

  const byId = connectors.data?.byId;
  const connectorName = useCallback(
    (id: number) => byId?.get(id)?.name ?? `Connector ${id}`,
    [byId],
  );
  const groups = useMemo(
    () =>
      [...(grouped.data?.groups ?? [])].sort((a, b) =>
        connectorName(a.connectorId).localeCompare(connectorName(b.connectorId)),
      ),
    [grouped.data, connectorName],
  );
  const counts = useMemo(() => countAccounts(groups), [groups]);
  const visibleGroups = useMemo(
    () => filterGroups(groups, deferredFilters),
    [groups, deferredFilters],
  );
  const deleted = useMemo(
    () => (view === 'deleted' ? deletedRows(groups, deferredFilters) : []),
    [view, groups, deferredFilters],
  );
  const allCollapsed = visibleGroups.every((group) => collapsed.has(group.connectorId));
  const connectorOptions = useMemo(
    () =>
      groups.map((group) => ({ id: group.connectorId, name: connectorName(group.connectorId) })),
    [groups, connectorName],
  );

  const actions = useMemo<RowActions>(
    () => ({
      canManage,
      onDelete: setToDelete,
      onReconnect: (connectorId, credential) => {
        const connector = byId?.get(connectorId);
        if (connector) void connect(connector, { credentialId: credential.id });
      },
      canReconnect: (connectorId) => byId?.has(connectorId) ?? false,
    }),
    [canManage, byId, connect],
  );

  const toggle = useCallback((connectorId: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(connectorId)) next.add(connectorId);
      return next;
    });
  }, []);

  const choose = (connector: Connector) => {
    setGalleryOpen(false);
    void connect(connector);
  };

  const confirmDelete = (account: Account) =>
    deleteAccount.mutate(account.id, {
      onSuccess: () => {
        setToDelete(null);
        showToast(`${account.name} was moved to Deleted`, { tone: 'success' });
      },
      onError: (error) => {
        setToDelete(null);
        if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
      },
    });

  const restore = (account: Account) => {
    setRestoreError(null);
    restoreAccount.mutate(account.id, {
      onSuccess: () => showToast(`${account.name} was restored`, { tone: 'success' }),
      onError: (error) => {
        if (isSessionError(error)) return;
        const message = errorMessage(error);
        setRestoreError(message);
        showToast(message, { tone: 'danger' });
      },
    });
  };

  const addButton = canManage && (
    <Button
      variant="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => setGalleryOpen(true)}
      data-testid="add-data-source"
    >
      Add data source
    </Button>
  );

  const data = grouped.data;
  const isEmpty = data !== undefined && groups.every((group) => group.credentials.length === 0);
  return (
    <div className="page ds-page">
      <header className="page-header ds-header">
        <div className="ds-header-text">
          <h1 className="page-title">Data Sources</h1>
          <p className="page-meta">
            Accounts your team connected for its Google Data Studio reports.
          </p>
        </div>
        <div className="ds-header-side">
          {data ? (
            <UsageMeter used={data.usage.accountsUsed} limit={data.usage.accountLimit} />
          ) : (
            <Skeleton width={200} height={34} />
          )}
          {addButton}
        </div>
      </header>

      {!canManage && (
        <div className="alert alert-info ds-inline-alert" role="note" data-testid="read-only-hint">
          <Icon name="lock" />
          <div>
            You can view your team&apos;s data sources. Connecting, deleting and restoring them
            needs the <strong>Manage data sources</strong> permission — ask a team admin.
          </div>
        </div>
      )}

      {grouped.isError && !data && !isSessionError(grouped.error) ? (
        <div className="card">
          <EmptyState
            icon="alert"
            tone="danger"
            title="Data sources could not be loaded"
            actions={<Button onClick={() => void grouped.refetch()}>Try again</Button>}
          >
            {errorMessage(grouped.error)}
          </EmptyState>
        </div>
      ) : !data ? (
        <LoadingGroups />
      ) : isEmpty && counts.deleted === 0 ? (
        <div className="card ds-empty" data-testid="data-sources-empty">
          <EmptyState
            icon="plug"
            title="Connect your first data source"
            actions={
              canManage && (
                <Button
                  variant="primary"
                  size="lg"
                  icon={<Icon name="plus" size={16} />}
                  onClick={() => setGalleryOpen(true)}
                  data-testid="empty-add-data-source"
                >
                  Add data source
                </Button>
              )
            }
          >
            Sign in to an ad, analytics, social or CRM platform and its accounts appear here, ready
            for your reports.
          </EmptyState>
        </div>
      ) : (
        <Tabs
          label="Accounts"
          value={view}
          onChange={setView}
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
            filters={filters}
            onChange={setFilters}
            connectors={connectorOptions}
            counts={counts}
            showStatus={view === 'accounts'}
            trailing={
              view === 'accounts' &&
              visibleGroups.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setCollapsed(
                      allCollapsed ? new Set() : new Set(visibleGroups.map((g) => g.connectorId)),
                    )
                  }
                  data-testid="toggle-all-groups"
                >
                  {allCollapsed ? 'Expand all' : 'Collapse all'}
                </Button>
              )
            }
          />
          {view === 'deleted' ? (
            <DeletedAccounts
              rows={deleted}
              connectorName={connectorName}
              retentionDays={data.retentionDays}
              canManage={canManage}
              filtering={hasFilters(deferredFilters)}
              onRestore={restore}
              restoringId={restoreAccount.isPending ? (restoreAccount.variables ?? null) : null}
              restoreError={restoreError}
              onDismissError={() => setRestoreError(null)}
            />
          ) : visibleGroups.length === 0 ? (
            <div className="card">
              <EmptyState
                icon="search"
                title="No accounts match"
                headingLevel={3}
                actions={<Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>}
              >
                Try another name, connector or status.
              </EmptyState>
            </div>
          ) : (
            <div className="ds-groups" aria-busy={filters !== deferredFilters || undefined}>
              {visibleGroups.map((group) => (
                <ConnectorGroupCard
                  key={group.connectorId}
                  group={group}
                  connectorName={connectorName(group.connectorId)}
                  collapsed={collapsed.has(group.connectorId)}
                  onToggle={toggle}
                  actions={actions}
                />
              ))}
            </div>
          )}
        </Tabs>
      )}

      <ConnectorGallery
        open={galleryOpen}
        onClose={() => setGalleryOpen(false)}
        onChoose={choose}
      />
      <DeleteAccountDialog
        account={toDelete}
        retentionDays={data?.retentionDays ?? 0}
        deleting={deleteAccount.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      {credentialDialog}
    </div>
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

function LoadingGroups() {
  return (
    <div className="ds-groups" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading data sources
      </span>
      {[0, 1].map((key) => (
        <div key={key} className="card ds-group ds-group-skeleton" aria-hidden="true">
          <Skeleton width={36} height={36} />
          <div>
            <Skeleton width={180} />
            <Skeleton width={120} height={10} />
          </div>
        </div>
      ))}
    </div>
  );
}
