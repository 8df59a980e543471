import { ClientLinksPanel } from '../../features/client-links/components/client-links-panel.tsx';
import { useConnectors } from '../../features/data-sources/api/connectors-query.ts';
import { DataSourcesPage } from '../../features/data-sources/components/data-sources-page.tsx';

const NO_CONNECTORS: never[] = [];

/** /data-sources: the team's accounts, then the client links that bring in more. */
export function Component() {
  const connectors = useConnectors();
  return (
    <>
      <DataSourcesPage />
      <ClientLinksPanel connectors={connectors.data?.all ?? NO_CONNECTORS} />
    </>
  );
}
