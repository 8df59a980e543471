import { MESSAGES } from '@gds/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { skippedAccountsMessage } from './connection-format.ts';
import { ResultCard } from './result-card.tsx';
import { useConnectFlow } from './use-connect-flow.tsx';

/** How long the success card stays before going on by itself. */
export const AUTO_CONTINUE_MS = 5000;

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
  switch (result.status) {
    case 'connected':
      return <Connected result={result} name={name} />;
    case 'denied':
      return (
        <ResultCard icon="close" tone="neutral" title="Connection cancelled" testId="result-denied">
          <p>You cancelled the connection to {name}</p>
          <RetryActions connectorId={result.connector} redirectUri={result.redirectUri} />
        </ResultCard>
      );
    case 'error':
      return (
        <ResultCard icon="alert" tone="danger" title="Connection failed" testId="result-error">
          <p data-testid="result-error-message">{MESSAGES.connectionError(errorOf(result))}</p>
          <RetryActions connectorId={result.connector} redirectUri={result.redirectUri} />
        </ResultCard>
      );
  }
}

const errorOf = (result: ConnectionOutcome) => result.error || 'Unknown error';

function Connected({ result, name }: { result: ConnectionOutcome; name: string }) {
  const navigate = useNavigate();
  const [auto, setAuto] = useState(result.accountsSkipped === 0);
  const { redirectUri } = result;
  useEffect(() => {
    if (!auto) return;
    const timer = setTimeout(() => {
      if (redirectUri) window.location.assign(redirectUri);
      else void navigate(DATA_SOURCES_PATH);
    }, AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [auto, redirectUri, navigate]);

  const added = result.accountsAdded;
  return (
    <ResultCard icon="success" tone="success" title={`${name} connected`} testId="result-connected">
      {result.credentialName && (
        <p>
          Signed in as <strong>{result.credentialName}</strong>.
        </p>
      )}
      <p className="result-figure" data-testid="accounts-added">
        <strong>{added.toLocaleString('en-US')}</strong> {added === 1 ? 'account' : 'accounts'}{' '}
        added
      </p>
      {result.accountsSkipped > 0 && (
        <div className="alert alert-warning" role="status" data-testid="accounts-skipped">
          <Icon name="alert" />
          <div>
            {skippedAccountsMessage(result.accountsSkipped)} Raise the limit in Billing, or delete
            accounts you no longer report on.
          </div>
        </div>
      )}
      <div className="result-actions">
        {redirectUri ? (
          <>
            <Button
              variant="primary"
              onClick={() => window.location.assign(redirectUri)}
              data-testid="result-continue"
            >
              Continue
              <Icon name="arrowRight" size={16} />
            </Button>
            <Link className="btn btn-secondary btn-md" to={DATA_SOURCES_PATH}>
              Go to Data Sources
            </Link>
          </>
        ) : (
          <Link className="btn btn-primary btn-md" to={DATA_SOURCES_PATH} data-testid="result-back">
            <Icon name="arrowLeft" size={16} />
            Back to Data Sources
          </Link>
        )}
      </div>
      {auto && (
        <p className="result-auto" data-testid="result-auto">
          {redirectUri
            ? `Continuing to ${new URL(redirectUri).host} in a few seconds…`
            : 'Returning to Data Sources in a few seconds…'}{' '}
          <button type="button" className="link-button" onClick={() => setAuto(false)}>
            Stay here
          </button>
        </p>
      )}
    </ResultCard>
  );
}

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
