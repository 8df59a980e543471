import { formatMediumDate } from '@gds/contract';
import { Avatar } from '../../../components/avatar.tsx';
import { useSkin } from '../../../skins/skin-context.tsx';
import type { InvitationInfo } from '../api/invitation-info.ts';

/** Who invites whom, to which team and with which role: the facts before any choice. */
export function InvitationDetails({ info }: { info: InvitationInfo }) {
  const skin = useSkin();
  return (
    <header className="link-header">
      <p className="page-eyebrow">Invitation</p>
      <h1 className="link-title" data-testid="invite-title">
        Join {info.teamName} on {skin.name}
      </h1>
      <p className="link-from">
        <Avatar name={info.invitedByName} size="sm" />
        <span>
          <strong>{info.invitedByName || 'A team admin'}</strong> invited you to join the team.
        </span>
      </p>
      <dl className="link-facts">
        <div>
          <dt>Team</dt>
          <dd data-testid="invite-team">{info.teamName}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd data-testid="invite-role">{info.roleName}</dd>
        </div>
        <div>
          <dt>Invited email</dt>
          <dd data-testid="invite-email">{info.email}</dd>
        </div>
        <div>
          <dt>Link valid until</dt>
          <dd>{formatMediumDate(info.expiresAt)}</dd>
        </div>
      </dl>
    </header>
  );
}
