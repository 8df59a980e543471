import { formatMediumDate } from '@gds/contract';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { isLinkToken, isUnknownLink } from '../../../lib/link-token.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useClientLinkInfo, type ClientLinkInfo } from '../api/client-link-info.ts';
import { ClientConnectForm } from './client-connect-form.tsx';

type ClosedStatus = Exclude<ClientLinkInfo['status'], 'active'> | 'unknown';

const CLOSED: Record<
  ClosedStatus,
  { icon: IconName; title: string; text: (team: string) => string }
> = {
  used: {
    icon: 'check',
    title: 'This link has already been used',
    text: (team) => `It was made for one connection. Ask ${team} for a new link to connect more.`,
  },
  expired: {
    icon: 'clock',
    title: 'This link has expired',
    text: (team) => `Ask ${team} to send you a new one.`,
  },
  revoked: {
    icon: 'close',
    title: 'This link is no longer active',
    text: (team) => `${team} turned it off. Ask them for a new link if you still need to connect.`,
  },
  unknown: {
    icon: 'compass',
    title: 'This link does not work',
    text: () => 'It may be mistyped or cut short. Open the whole link from the message you got.',
  },
};

/**
 * /connect/:token: a team's client connects their own accounts of one connector, without an
 * account here and without sharing a password: the email, then the provider's consent.
 */
export function ClientConnectPage({ token }: { token: string }) {
  const skin = useSkin();
  const info = useClientLinkInfo(token);

  if (!isLinkToken(token) || (info.isError && isUnknownLink(info.error))) {
    return <Closed status="unknown" teamName="" />;
  }
  if (info.isError) {
    return (
      <div className="card link-card" data-testid="connect-load-error">
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
        <Skeleton width="100%" height={80} />
        <span className="visually-hidden" role="status">
          Loading
        </span>
      </div>
    );
  }
  const data = info.data;
  if (data.status !== 'active') return <Closed status={data.status} teamName={data.teamName} />;

  return (
    <div className="card link-card" data-testid="client-connect">
      <header className="link-header">
        <p className="page-eyebrow">Connect {data.connectorName}</p>
        <h1 className="link-title" data-testid="connect-title">
          {data.teamName} asks you to connect {data.connectorName}
        </h1>
        <p className="link-lead">
          {data.teamName} uses {skin.name} to build reports from your {data.connectorName} accounts.
          You sign in at {data.connectorName} itself and choose what to share; nobody at{' '}
          {data.teamName} sees your password.
        </p>
      </header>
      <ClientConnectForm
        token={token}
        teamName={data.teamName}
        connectorName={data.connectorName}
        recipientEmail={data.recipientEmail}
      />
      <p className="link-footnote">
        <Icon name="shield" size={15} />
        This link works until {formatMediumDate(data.expiresAt)}.
      </p>
    </div>
  );
}

function Closed({ status, teamName }: { status: ClosedStatus; teamName: string }) {
  const { icon, title, text } = CLOSED[status];
  return (
    <div className="card link-card" data-testid={`connect-${status}`}>
      <EmptyState icon={icon} title={title} headingLevel={1}>
        {text(teamName || 'the team that sent it')}
      </EmptyState>
    </div>
  );
}
