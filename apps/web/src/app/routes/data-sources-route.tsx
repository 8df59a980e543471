import { useMemo } from 'react';
import { useConnectors } from '../../features/data-sources/api/connectors-query.ts';
import { DataSourcesPage } from '../../features/data-sources/accounts/data-sources-page.tsx';
import { AskToReconnectDialog } from '../../features/client-links/components/ask-to-reconnect-dialog.tsx';
import { ClientLinksSection } from '../../features/client-links/components/client-links-section.tsx';
import { useCan } from '../../lib/permissions.ts';

/**
 * Data Sources, with Client links below for members who manage data sources, and the dialog
 * that asks a login's owner to reconnect it through a client link.
 */
export function Component() {
  const canManage = useCan(['manage_data_sources']);
  const catalog = useConnectors().data;
  const linkable = useMemo(
    () =>
      (catalog?.allowed ?? [])
        .filter((connector) => connector.auth === 'oauth2')
        .map((connector) => ({ id: connector.id, name: connector.name })),
    [catalog],
  );
  const connectorName = (id: number) => catalog?.byId.get(id)?.name ?? 'Data source';
  return (
    <DataSourcesPage
      askToReconnect={(login, close) => <AskToReconnectDialog login={login} onClose={close} />}
      footer={
        canManage && <ClientLinksSection connectors={linkable} connectorName={connectorName} />
      }
    />
  );
}
