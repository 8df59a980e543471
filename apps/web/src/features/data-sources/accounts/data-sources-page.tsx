import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from '../../../lib/app-config-query.ts';
import { isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useConnectors, type Connector } from '../api/connectors-query.ts';
import { useAccountFlags } from '../api/account-flags-query.ts';
import { useGroupedData } from '../api/grouped-data-query.ts';
import { ConnectorGallery } from '../connect/connector-gallery.tsx';
import { FieldExplorerDialog, type FieldExplorerTarget } from '../fields/field-explorer-dialog.tsx';
import { ConnectorGrants } from '../grants/connector-grants.tsx';
import { useConnectFlow } from '../connect/use-connect-flow.tsx';
import { AccountFlagsContext } from './account-flags-context.ts';
import { AccountViews } from './account-views.tsx';
import type { RowActions } from './credential-rows.tsx';
import { DataSourcesHeader } from './data-sources-header.tsx';
import { GroupsLoadError, LoadingGroups, NoDataSources } from './data-sources-states.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { useAccountFilters, type AccountView } from './use-account-filters.ts';
import { useCollapsedGroups } from './use-collapsed-groups.ts';
import { useConnectorGroups } from './use-connector-groups.ts';
import { useDeleteRestore } from './use-delete-restore.ts';

/** A login whose owner is asked to reconnect it (the app shows the dialog that asks). */
export interface LoginToReconnect {
  id: string;
  name: string;
  connectorName: string;
  connectedByEmail: string | null;
}

/**
 * The Data Sources screen: usage, the team's accounts grouped by connector, and Deleted.
 * `footer` is what the app adds below them (the client links section); `askToReconnect`
 * renders the dialog that emails a login's owner a reconnect link.
 */
export function DataSourcesPage({
  footer,
  askToReconnect,
}: {
  footer?: ReactNode;
  askToReconnect?: (login: LoginToReconnect, close: () => void) => ReactNode;
} = {}) {
  const grouped = useGroupedData();
  const flags = useAccountFlags(grouped.dataUpdatedAt);
  const connectors = useConnectors().data;
  const catalog = connectors?.byId;
  const canManage = useCan(['manage_data_sources']);
  const { connect, dialog: credentialDialog } = useConnectFlow();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [fieldsOf, setFieldsOf] = useState<FieldExplorerTarget | null>(null);
  const [view, setView] = useState<AccountView>('accounts');
  const { groups, counts, connectorName, connectorOptions } = useConnectorGroups(
    grouped.data,
    catalog,
  );
  const lookerStudioUrls = useQuery(appConfigQueryOptions).data?.lookerStudioUrls;
  const lookerStudioUrl = useCallback(
    (connectorId: number) => {
      const nameSimple = catalog?.get(connectorId)?.nameSimple;
      return nameSimple ? lookerStudioUrls?.[nameSimple] : undefined;
    },
    [catalog, lookerStudioUrls],
  );
  const filtering = useAccountFilters(groups, view);
  const collapse = useCollapsedGroups(filtering.visibleGroups);
  const deleteRestore = useDeleteRestore();
  const { askDelete } = deleteRestore;
  const [asking, setAsking] = useState<LoginToReconnect | null>(null);
  const canAsk = askToReconnect !== undefined;

  const actions = useMemo<RowActions>(
    () => ({
      canManage,
      onDelete: askDelete,
      onShowFields: (connectorId, account) =>
        setFieldsOf({ kind: 'account', connectorId, account }),
      onReconnect: (connectorId, credential) => {
        const connector = catalog?.get(connectorId);
        if (connector) void connect(connector, { credentialId: credential.id });
      },
      canReconnect: (connectorId) => catalog?.has(connectorId) ?? false,
      menuFor: (connectorId, credential) => {
        const connector = catalog?.get(connectorId);
        if (!connector) return [];
        // A provider sign-in is its owner's to repeat; an API key the team can replace itself.
        if (connector.auth === 'form') {
          return [
            {
              label: 'Replace key',
              onSelect: () => void connect(connector, { credentialId: credential.id }),
              testId: 'replace-key',
            },
          ];
        }
        if (!canAsk) return [];
        return [
          {
            label: 'Ask to reconnect',
            icon: 'mail',
            onSelect: () =>
              setAsking({
                id: credential.id,
                name: credential.name,
                connectorName: connector.name,
                connectedByEmail: credential.connectedByEmail,
              }),
            testId: 'ask-to-reconnect',
          },
        ];
      },
    }),
    [canManage, askDelete, catalog, connect, canAsk],
  );

  const openGallery = () => setGalleryOpen(true);
  const choose = (connector: Connector) => {
    setGalleryOpen(false);
    void connect(connector);
  };

  const data = grouped.data;
  const isEmpty = data !== undefined && groups.every((group) => group.credentials.length === 0);
  return (
    <div className="page ds-page">
      <DataSourcesHeader
        usage={data?.usage}
        canManage={canManage}
        onAdd={openGallery}
        // The connector browsed first: the team's first one, or the catalog's first.
        onBrowseFields={() => {
          const first = groups[0]?.connectorId ?? connectors?.all[0]?.id;
          if (first !== undefined) setFieldsOf({ kind: 'connector', connectorId: first });
        }}
      />

      {grouped.isError && !data && !isSessionError(grouped.error) ? (
        <GroupsLoadError error={grouped.error} onRetry={() => void grouped.refetch()} />
      ) : !data ? (
        <LoadingGroups />
      ) : isEmpty && counts.deleted === 0 ? (
        <NoDataSources canManage={canManage} onAdd={openGallery} />
      ) : (
        <AccountFlagsContext value={flags}>
          <AccountViews
            view={view}
            onViewChange={setView}
            counts={counts}
            filtering={filtering}
            collapse={collapse}
            connectorName={connectorName}
            lookerStudioUrl={lookerStudioUrl}
            connectorOptions={connectorOptions}
            retentionDays={data.retentionDays}
            canManage={canManage}
            actions={actions}
            deleteRestore={deleteRestore}
          />
        </AccountFlagsContext>
      )}

      <ConnectorGrants />

      <ConnectorGallery
        open={galleryOpen}
        onClose={() => setGalleryOpen(false)}
        onChoose={choose}
      />
      <DeleteAccountDialog
        account={deleteRestore.toDelete}
        retentionDays={data?.retentionDays ?? 0}
        deleting={deleteRestore.deleting}
        onCancel={deleteRestore.cancelDelete}
        onConfirm={deleteRestore.confirmDelete}
      />
      <FieldExplorerDialog
        target={fieldsOf}
        onClose={() => setFieldsOf(null)}
        connectors={connectors?.all ?? []}
      />
      {credentialDialog}
      {asking && askToReconnect?.(asking, () => setAsking(null))}
      {footer}
    </div>
  );
}
