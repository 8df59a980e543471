import { MESSAGES } from '@gds/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { ApiError, isSessionError } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { useCan } from '../../../lib/permissions.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useConnectors, type Connector } from '../api/connectors-query.ts';
import {
  connectionFailureMessage,
  connectionStartQueryOptions,
  type ConnectionStart,
} from '../api/connection-api.ts';
import { ConnectorBadge } from '../connector-badge.tsx';
import { CredentialPanel, isFormConnector } from './credential-panel.tsx';

export const REDIRECT_NOT_ALLOWED = 'This return address is not allowed';

function isRedirectRefused(error: unknown): boolean {
  return (
    error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.field === 'redirectUri'
  );
}

interface AuthConnectProps {
  connectorId: number | null;
  redirectUri: string | null;
}

/**
 * /auth signed in (the Looker Studio connector's "add data source"): start a connection for
 * the connector with the tool's return address, then offer the team's existing credentials of
 * it and the credential panel.
 */
export function AuthConnect({ connectorId, redirectUri }: AuthConnectProps) {
  const connectors = useConnectors();
  const canManage = useCan(['manage_data_sources']);
  const connector = connectorId === null ? undefined : connectors.data?.byId.get(connectorId);

  if (connectors.isPending) return <AuthCardSkeleton />;
  if (!connector || connector.deprecated) {
    return (
      <Notice icon="compass" title="This data source is not available" testId="auth-unknown">
        The link names a connector we do not offer. Start again from Looker Studio, or add data
        sources from your Data Sources page.
      </Notice>
    );
  }
  if (!canManage) {
    return (
      <Notice icon="lock" title={`Connect ${connector.name}`} testId="auth-no-permission">
        Your role can view data sources but not connect them. Ask a team admin for the Manage data
        sources permission.
      </Notice>
    );
  }
  return <AuthConnectStart connector={connector} redirectUri={redirectUri} />;
}

function AuthConnectStart({
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
    if (isSessionError(start.error)) return <AuthCardSkeleton />;
    return (
      <Retry
        connector={connector}
        message={connectionFailureMessage(start.error)}
        onRetry={() => void start.refetch()}
      />
    );
  }
  if (!start.data) return <AuthCardSkeleton />;
  if (start.data.error) {
    return (
      <Retry
        connector={connector}
        message={MESSAGES.connectionError(start.data.error)}
        onRetry={() => void start.refetch()}
      />
    );
  }
  return (
    <AuthConnectCard connector={connector} start={start.data} onDone={() => void start.refetch()} />
  );
}

/** Spec §8 toasts for a failed start, once per answer. */
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

function AuthConnectCard({
  connector,
  start,
  onDone,
}: {
  connector: Connector;
  start: ConnectionStart;
  onDone: () => void;
}) {
  const { credentials, gdsRedirectUri } = start;
  const form = isFormConnector(connector);
  useEffect(() => trackEvent('connectorSelect', connector.nameSimple), [connector.nameSimple]);
  return (
    <div className="card auth-card" data-testid="auth-connect">
      <div className="auth-connector">
        <ConnectorBadge connector={connector} size="lg" />
        <div>
          <h1 className="auth-title">Add Data Source</h1>
          <p className="auth-connector-name">{connector.name}</p>
        </div>
      </div>
      {credentials.length > 0 && gdsRedirectUri ? (
        <>
          <section className="auth-existing" aria-labelledby="auth-existing-title">
            <h2
              id="auth-existing-title"
              className="auth-existing-title"
              data-testid="auth-existing-title"
            >
              You are currently logged in with {credentials.length} {connector.name} account(s)
            </h2>
            <ul className="auth-credentials" data-testid="auth-credentials">
              {credentials.map((credential) => (
                <li key={credential.id}>
                  <Icon name="check" size={14} />
                  {credential.name} ({credential.id})
                </li>
              ))}
            </ul>
            <a
              className="btn btn-primary btn-lg auth-continue"
              href={gdsRedirectUri}
              data-testid="auth-continue"
            >
              Continue with this/these account(s)
            </a>
          </section>
          <p className="auth-divider">Or log-in with another account:</p>
        </>
      ) : (
        form && <h2 className="auth-credential-title">Login to {connector.name}</h2>
      )}
      <div className="auth-credential-panel">
        <CredentialPanel connector={connector} start={start} onDone={onDone} />
      </div>
    </div>
  );
}

function Retry({
  connector,
  message,
  onRetry,
}: {
  connector: Connector;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Notice
      icon="alert"
      title={`Connect ${connector.name}`}
      testId="auth-start-failed"
      tone="danger"
    >
      <p>{message}</p>
      <Button onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
        Try again
      </Button>
    </Notice>
  );
}

function Notice({
  icon,
  title,
  testId,
  tone = 'neutral',
  children,
}: {
  icon: 'compass' | 'lock' | 'alert';
  title: string;
  testId: string;
  tone?: 'neutral' | 'danger';
  children: React.ReactNode;
}) {
  return (
    <div className={`card auth-card auth-card-centered auth-${tone}`} data-testid={testId}>
      <span className="auth-card-icon">
        <Icon name={icon} size={26} />
      </span>
      <h1 className="auth-title">Add Data Source</h1>
      <h2 className="auth-subtitle">{title}</h2>
      <div className="auth-lead">{children}</div>
      <Link to={ROUTES.DataSources.path}>Go to Data Sources</Link>
    </div>
  );
}

function AuthCardSkeleton() {
  return (
    <div className="card auth-card" aria-busy="true">
      <h1 className="visually-hidden">Add Data Source</h1>
      <div className="auth-connector">
        <Skeleton width={48} height={48} />
        <div>
          <Skeleton width={160} height={20} />
          <Skeleton width={100} />
        </div>
      </div>
      <Skeleton height={44} />
      <span className="visually-hidden" role="status">
        Preparing your connection
      </span>
    </div>
  );
}
