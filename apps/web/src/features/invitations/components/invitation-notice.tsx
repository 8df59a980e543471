import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ROUTES } from '../../../lib/routes.ts';

type InvitationNoticeProps =
  | { kind: 'member'; teamName: string }
  | { kind: 'other-account'; teamName: string; inviteeEmail: string; viewerEmail: string };

/** Why a signed-in visitor cannot accept as they are, and where to go instead. */
export function InvitationNotice(props: InvitationNoticeProps) {
  if (props.kind === 'member') {
    return (
      <div className="alert alert-info" role="status" data-testid="invite-already-member">
        <Icon name="check" />
        <div>
          You are already a member of <strong>{props.teamName}</strong>.{' '}
          <Link to={ROUTES.Team.path}>Go to your team</Link>
        </div>
      </div>
    );
  }
  return (
    <div className="alert alert-warning" role="status" data-testid="invite-other-account">
      <Icon name="lock" />
      <div>
        This invitation is for <strong>{props.inviteeEmail}</strong>, but you are signed in as{' '}
        <strong>{props.viewerEmail}</strong>. Sign in with the invited account to join{' '}
        {props.teamName}, or <Link to={ROUTES.Team.path}>go back to your team</Link>.
      </div>
    </div>
  );
}
