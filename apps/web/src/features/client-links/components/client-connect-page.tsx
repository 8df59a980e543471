import { emailSchema, formatMediumDate } from '@gds/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import {
  isClientLinkToken,
  isUnknown,
  useClientLinkInfo,
  useStartClientConnection,
  type ClientLinkInfo,
} from '../api/client-connect.ts';
import { ClientLinkClosed } from './client-link-closed.tsx';

interface ClientConnectPageProps {
  token: string;
  /** Sends the browser to the provider's consent page. */
  go: (authUri: string) => void;
}

/**
 * /connect/:token: the page a client opens from a link. It names the team and the data
 * source, asks for the client's email, and sends them to the provider's own sign-in; or says
 * why the link no longer works. Nothing of the team's app is reachable from here.
 */
export function ClientConnectPage({ token, go }: ClientConnectPageProps) {
  const info = useClientLinkInfo(token);
  if (!isClientLinkToken(token) || (info.isError && isUnknown(info.error))) {
    return <ClientLinkClosed status="unknown" teamName={null} />;
  }
  if (info.isError) {
    return (
      <div className="card link-card" data-testid="client-link-load-error">
        <EmptyState
          icon="alert"
          tone="danger"
          title="This page could not be loaded"
          headingLevel={1}
          actions={<Button onClick={() => void info.refetch()}>Try again</Button>}
        >
          {errorMessage(info.error)}
        </EmptyState>
      </div>
    );
  }
  if (!info.data) {
    return (
      <div className="card link-card" aria-busy="true">
        <Skeleton width="70%" height={26} />
        <Skeleton width="100%" height={96} />
        <span className="visually-hidden" role="status">
          Loading
        </span>
      </div>
    );
  }
  const data = info.data;
  if (data.status !== 'active') {
    return <ClientLinkClosed status={data.status} teamName={data.teamName} />;
  }
  return (
    <ClientConnectForm token={token} info={data} go={go} onStale={() => void info.refetch()} />
  );
}

function ClientConnectForm({
  token,
  info,
  go,
  onStale,
}: {
  token: string;
  info: ClientLinkInfo;
  go: (authUri: string) => void;
  /** The link stopped working meanwhile: read it again to show why. */
  onStale: () => void;
}) {
  const id = useId();
  const skin = useSkin();
  const start = useStartClientConnection();
  const [email, setEmail] = useState(info.recipientEmail ?? '');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!emailSchema.safeParse(email).success) {
      setEmailProblem('Your email must be an email address such as name@brand.com.');
      return;
    }
    setEmailProblem(null);
    try {
      const authUri = await start.mutateAsync({ token, email: email.trim() });
      setLeaving(true);
      go(authUri);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') onStale();
      else setRefusal(errorMessage(error));
    }
  };

  const blocked = info.blockedReason;
  const login = info.reconnectLogin;
  return (
    <div className="card link-card" data-testid="client-connect">
      <header className="link-header">
        <ConnectorBadge connector={{ id: info.connectorId, name: info.connectorName }} size="lg" />
        <p className="page-eyebrow">{login ? 'Reconnect your login' : 'Connect your accounts'}</p>
        <h1 className="link-title" data-testid="client-connect-title">
          {login
            ? `Reconnect your ${info.connectorName} login ${login} for ${info.teamName}`
            : `Connect your ${info.connectorName} accounts to ${info.teamName}`}
        </h1>
        <p className="link-lead">
          {info.teamName} uses {skin.name} to report on your data.{' '}
          {login
            ? `Sign in at ${info.connectorName} as ${login} again and their reports keep working; signing in as another login changes nothing. You never give anyone your password, and you need no account here.`
            : `You sign in at ${info.connectorName} itself and choose what to share: you never give anyone your password, and you need no account here.`}
        </p>
        <dl className="link-facts">
          <div>
            <dt>Team</dt>
            <dd data-testid="client-connect-team">{info.teamName}</dd>
          </div>
          <div>
            <dt>Data source</dt>
            <dd data-testid="client-connect-connector">{info.connectorName}</dd>
          </div>
          <div>
            <dt>Link valid until</dt>
            <dd>{formatMediumDate(info.expiresAt)}</dd>
          </div>
        </dl>
      </header>
      {blocked ? (
        <div className="alert alert-warning" role="alert" data-testid="client-connect-blocked">
          <Icon name="alert" size={16} />
          <span>{blocked}</span>
        </div>
      ) : (
        <form className="link-next dialog-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              Your email
            </label>
            <input
              id={`${id}-email`}
              type="email"
              className={`input${emailProblem ? ' input-invalid' : ''}`}
              autoComplete="email"
              placeholder="name@brand.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={emailProblem ? true : undefined}
              aria-describedby={`${id}-email-${emailProblem ? 'error' : 'hint'}`}
              data-testid="client-connect-email"
            />
            {emailProblem ? (
              <p id={`${id}-email-error`} className="field-error" role="alert">
                {emailProblem}
              </p>
            ) : (
              <p id={`${id}-email-hint`} className="field-hint">
                {info.teamName} sees that you connected these accounts.
              </p>
            )}
          </div>
          {refusal && (
            <div className="alert alert-danger" role="alert" data-testid="client-connect-refusal">
              <Icon name="alert" size={16} />
              <span>{refusal}</span>
            </div>
          )}
          <Button
            type="submit"
            variant="primary"
            loading={start.isPending || leaving}
            data-testid="client-connect-continue"
          >
            Continue to {info.connectorName}
          </Button>
        </form>
      )}
    </div>
  );
}
