import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { isLinkToken, isUnknownLink } from '../link-token.ts';
import { useInvitationInfo } from '../api/invitation-info.ts';
import { InvitationAccept } from './invitation-accept.tsx';
import { InvitationClosed } from './invitation-closed.tsx';
import { InvitationDetails } from './invitation-details.tsx';
import { InvitationNotice } from './invitation-notice.tsx';

export interface InvitationPageProps {
  token: string;
  /** Starts sign-in carrying the token (shown to a signed-out visitor). */
  signIn: ReactNode;
  /** Signs out and in again as the invitee (shown to someone else who is signed in). */
  renderAccountSwitch: (inviteeEmail: string) => ReactNode;
  /** After accepting: take the new team in and go to it. */
  onJoined: (teamName: string) => Promise<void>;
}

/**
 * /invite/:token: who invites whom to which team, and the one next step that fits the visitor
 * — sign in, switch account, or confirm the move — or why the link no longer works.
 */
export function InvitationPage({
  token,
  signIn,
  renderAccountSwitch,
  onJoined,
}: InvitationPageProps) {
  const info = useInvitationInfo(token);

  if (!isLinkToken(token) || (info.isError && isUnknownLink(info.error))) {
    return <InvitationClosed status="unknown" info={null} />;
  }
  if (info.isError) {
    return (
      <div className="card link-card" data-testid="invite-load-error">
        <EmptyState
          icon="alert"
          tone="danger"
          title="The invitation could not be loaded"
          headingLevel={1}
          actions={<Button onClick={() => void info.refetch()}>Try again</Button>}
        >
          {errorMessage(info.error)}
        </EmptyState>
      </div>
    );
  }
  if (!info.data) return <InvitationSkeleton />;

  const data = info.data;
  if (data.status !== 'pending') return <InvitationClosed status={data.status} info={data} />;

  const { viewer } = data;
  let next: ReactNode;
  if (!viewer) {
    next = (
      <>
        <p className="link-lead">
          Sign in with the Google account for <strong>{data.email}</strong> to accept.
        </p>
        {signIn}
      </>
    );
  } else if (viewer.isMember) {
    next = <InvitationNotice kind="member" teamName={data.teamName} />;
  } else if (!viewer.isInvitee) {
    next = (
      <>
        <InvitationNotice
          kind="other-account"
          teamName={data.teamName}
          inviteeEmail={data.email}
          viewerEmail={viewer.email}
        />
        {renderAccountSwitch(data.email)}
      </>
    );
  } else {
    next = <InvitationAccept token={token} info={data} viewer={viewer} onJoined={onJoined} />;
  }

  return (
    <div className="card link-card" data-testid="invitation">
      <InvitationDetails info={data} />
      <div className="link-next">{next}</div>
    </div>
  );
}

function InvitationSkeleton() {
  return (
    <div className="card link-card" aria-busy="true">
      <Skeleton width="70%" height={26} />
      <Skeleton width="50%" />
      <Skeleton width="100%" height={96} />
      <span className="visually-hidden" role="status">
        Loading the invitation
      </span>
    </div>
  );
}
