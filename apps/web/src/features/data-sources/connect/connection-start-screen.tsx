import { MESSAGES } from '@gds/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { ApiError, isSessionError } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useConnectors, type Connector } from '../api/connectors-query.ts';
import {
  connectionFailureMessage,
  connectionStartQueryOptions,
  type ConnectionStart,
} from '../api/connection-api.ts';
import { ConnectionStartCard } from './connection-start-card.tsx';
import {
  ConnectionStartSkeleton,
  ConnectionStartNotice,
  ConnectionStartRetry,
} from './connection-start-notices.tsx';

export const REDIRECT_NOT_ALLOWED = 'This return address is not allowed';

function isRedirectRefused(error: unknown): boolean {
  return (
    error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.field === 'redirectUri'
  );
}

interface ConnectionStartScreenProps {
  connectorId: number | null;
  redirectUri: string | null;
}

/**
 * /auth signed in (the Looker Studio connector's "add data source"): start a connection for
 * the connector with the tool's return address, then offer the team's existing credentials of
 * it and the credential panel.
 */
export function ConnectionStartScreen({ connectorId, redirectUri }: ConnectionStartScreenProps) {
  const connectors = useConnectors();
  const canManage = useCan(['manage_data_sources']);
  const connector = connectorId === null ? undefined : connectors.data?.byId.get(connectorId);

  if (connectors.isPending) return <ConnectionStartSkeleton />;
  if (!connector || connector.deprecated) {
    return (
      <ConnectionStartNotice
        icon="compass"
        title="This data source is not available"
        testId="auth-unknown"
      >
        The link names a connector we do not offer. Start again from Looker Studio, or add data
        sources from your Data Sources page.
      </ConnectionStartNotice>
    );
  }
  if (!canManage) {
    return (
      <ConnectionStartNotice
        icon="lock"
        title={`Connect ${connector.name}`}
        testId="auth-no-permission"
      >
        Your role can view data sources but not connect them. Ask a team admin for the Manage data
        sources permission.
      </ConnectionStartNotice>
    );
  }
  return <StartingConnection connector={connector} redirectUri={redirectUri} />;
}

function StartingConnection({
  connector,
  redirectUri,
}: {
  connector: Connector;
  redirectUri: string | null;
}) {
  const skin = useSkin();
  const email = useAppStore((state) => state.user?.email);
  const start = useQuery(
    connectionStartQueryOptions({
      connectorId: connector.id,
      masterEmail: email,
      businessUnit: skin.businessUnit,
      redirectUri: redirectUri ?? undefined,
    }),
  );
  useStartToasts(start.error, start.data, start.errorUpdatedAt + start.dataUpdatedAt);

  if (start.isError) {
    if (isRedirectRefused(start.error)) {
      return (
        <>
          <h1 className="visually-hidden">Add Data Source</h1>
          <div
            className="alert alert-danger auth-refused"
            role="alert"
            data-testid="redirect-not-allowed"
          >
            <Icon name="alert" />
            <div>
              <strong>{REDIRECT_NOT_ALLOWED}</strong>
            </div>
          </div>
        </>
      );
    }
    if (isSessionError(start.error)) return <ConnectionStartSkeleton />;
    return (
      <ConnectionStartRetry
        connector={connector}
        message={connectionFailureMessage(start.error)}
        onRetry={() => void start.refetch()}
      />
    );
  }
  if (!start.data) return <ConnectionStartSkeleton />;
  if (start.data.error) {
    return (
      <ConnectionStartRetry
        connector={connector}
        message={MESSAGES.connectionError(start.data.error)}
        onRetry={() => void start.refetch()}
      />
    );
  }
  return (
    <ConnectionStartCard
      connector={connector}
      start={start.data}
      onDone={() => void start.refetch()}
    />
  );
}

/** The error toasts for a failed start, once per answer. */
function useStartToasts(error: unknown, data: ConnectionStart | undefined, answeredAt: number) {
  const shown = useRef(0);
  useEffect(() => {
    if (answeredAt === 0 || shown.current === answeredAt) return;
    shown.current = answeredAt;
    if (error) {
      if (!isSessionError(error) && !isRedirectRefused(error)) {
        showToast(connectionFailureMessage(error), { tone: 'danger' });
      }
    } else if (data?.error) {
      showToast(MESSAGES.connectionError(data.error), { tone: 'danger' });
    }
  }, [error, data, answeredAt]);
}
