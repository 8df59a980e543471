import { INVITATION_TTL_DAYS } from '@gds/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { IconName } from '../../../components/icon.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES } from '../../../lib/routes.ts';
import type { InvitationInfo } from '../api/invitation-info.ts';

type ClosedStatus = Exclude<InvitationInfo['status'], 'pending'> | 'unknown';

interface InvitationClosedProps {
  status: ClosedStatus;
  /** Null when the link names no invitation at all. */
  info: InvitationInfo | null;
}

function wording(status: ClosedStatus, info: InvitationInfo | null) {
  const inviter = info?.invitedByName || 'the person who invited you';
  const team = info?.teamName ?? 'the team';
  switch (status) {
    case 'expired':
      return {
        icon: 'clock' as IconName,
        title: 'This invitation has expired',
        text: `Invitations work for ${INVITATION_TTL_DAYS} days. Ask ${inviter} at ${team} to send you a new one.`,
      };
    case 'revoked':
      return {
        icon: 'close' as IconName,
        title: 'This invitation was withdrawn',
        text: `${team} cancelled it. If you still expect to join, ask ${inviter} for a new invitation.`,
      };
    case 'accepted':
      return {
        icon: 'check' as IconName,
        title: 'This invitation has already been used',
        text: info?.viewer?.isMember
          ? `You are a member of ${team}.`
          : `An invitation works once. If you accepted it, sign in to open ${team}.`,
      };
    default:
      return {
        icon: 'compass' as IconName,
        title: 'This invitation link does not work',
        text: 'It may be mistyped or cut short. Open the whole link from the email, or ask for a new invitation.',
      };
  }
}

/** An invitation that can no longer be accepted: why, and the way on (Team or sign in). */
export function InvitationClosed({ status, info }: InvitationClosedProps) {
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const signedIn = isLoggedIn || Boolean(info?.viewer);
  const { icon, title, text } = wording(status, info);
  return (
    <div className="card link-card" data-testid={`invite-${status}`}>
      <EmptyState
        icon={icon}
        title={title}
        headingLevel={1}
        actions={
          signedIn ? (
            <Link className="btn btn-primary btn-md" to={ROUTES.Team.path}>
              Go to your team
            </Link>
          ) : (
            <Link className="btn btn-primary btn-md" to={ROUTES.Login.path}>
              Sign in
            </Link>
          )
        }
      >
        {text}
      </EmptyState>
    </div>
  );
}
