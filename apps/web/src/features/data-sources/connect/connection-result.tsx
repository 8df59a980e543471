import { MESSAGES } from '@gds/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useConnectors } from '../api/connectors-query.ts';
import type { ConnectionOutcome } from '../api/connection-result-query.ts';
import { groupedDataQueryOptions } from '../api/grouped-data-query.ts';
import { Connected } from './connection-connected.tsx';
import { ResultCard } from './result-card.tsx';
import { useConnectFlow } from './use-connect-flow.tsx';

const DATA_SOURCES_PATH = ROUTES.DataSources.path;

/** The connector's name from the catalog; undefined while it loads. */
function useConnectorName(id: number | null): string | undefined {
  const connectors = useConnectors();
  if (id === null) return 'your data source';
  const fromApi = connectors.data?.byId.get(id)?.name;
  if (fromApi) return fromApi;
  if (connectors.isPending) return undefined;
  return 'your data source';
}

/** While the result (or the connector's name) loads. */
export function ResultSkeleton() {
  return (
    <div className="card result-card" aria-busy="true">
      <Skeleton width={56} height={56} />
      <Skeleton width="60%" height={20} />
      <span className="visually-hidden" role="status">
        Finishing your connection
      </span>
    </div>
  );
}

/**
 * /data-sources/callback: what happened at the provider, as the server recorded it for this
 * session. Connected shows the accounts added and goes back (or on to the return address
 * stored when the connection started) after a few seconds; denied and error offer Try again.
 * The data-source list is refreshed either way.
 */
export function ConnectionResult({ result }: { result: ConnectionOutcome }) {
  const queryClient = useQueryClient();
  const name = useConnectorName(result.connector);
  const toasted = useRef(false);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: groupedDataQueryOptions.queryKey });
  }, [queryClient]);

  useEffect(() => {
    if (name === undefined || toasted.current) return;
    toasted.current = true;
    if (result.status === 'connected') {
      trackEvent('accountsChanged', 'added');
      showToast(MESSAGES.accountConnected(name), { tone: 'success' });
    } else if (result.status === 'error') {
      showToast(MESSAGES.connectionError(errorOf(result)), { tone: 'danger' });
    }
  }, [name, result]);

  if (name === undefined) return <ResultSkeleton />;
  const connector = result.connector === null ? undefined : { id: result.connector, name };
  switch (result.status) {
    case 'connected':
      return <Connected result={result} name={name} />;
    case 'denied':
      return (
        <ResultCard
          icon="close"
          tone="neutral"
          title="Connection cancelled"
          testId="result-denied"
          connector={connector}
        >
          <p>You cancelled the connection to {name}</p>
          <RetryActions connectorId={result.connector} redirectUri={result.redirectUri} />
        </ResultCard>
      );
    case 'error':
      return (
        <ResultCard
          icon="alert"
          tone="danger"
          title="Connection failed"
          testId="result-error"
          connector={connector}
        >
          <p data-testid="result-error-message">{MESSAGES.connectionError(errorOf(result))}</p>
          <RetryActions connectorId={result.connector} redirectUri={result.redirectUri} />
        </ResultCard>
      );
  }
}

const errorOf = (result: ConnectionOutcome) => result.error || 'Unknown error';

function RetryActions({
  connectorId,
  redirectUri,
}: {
  connectorId: number | null;
  redirectUri: string | null;
}) {
  const connectors = useConnectors();
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const canManage = useCan(['manage_data_sources']);
  const { connect, dialog } = useConnectFlow();
  const connector = connectorId === null ? undefined : connectors.data?.byId.get(connectorId);
  return (
    <div className="result-actions">
      {connector && isLoggedIn && canManage && (
        <Button
          variant="primary"
          icon={<Icon name="refresh" size={16} />}
          onClick={() => void connect(connector, redirectUri ? { redirectUri } : {})}
          data-testid="result-retry"
        >
          Try again
        </Button>
      )}
      <Link className="btn btn-secondary btn-md" to={DATA_SOURCES_PATH}>
        Back to Data Sources
      </Link>
      {dialog}
    </div>
  );
}
