import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { credentialCountText } from '../../../lib/credential-count.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import type { InvitationInfo, InvitationViewer } from '../api/invitation-info.ts';

interface InvitationAcceptProps {
  token: string;
  info: InvitationInfo;
  viewer: InvitationViewer;
  onJoined: (teamName: string) => Promise<void>;
}

/**
 * The invitee already has a team: everything accepting changes is said before anything
 * changes, and leaving a team nobody else can open needs an explicit tick. Never silent loss.
 */
export function InvitationAccept({ token, info, viewer, onJoined }: InvitationAcceptProps) {
  const checkboxId = useId();
  const [understood, setUnderstood] = useState(false);
  const accept = useAcceptInvitation(onJoined);
  const current = viewer.currentTeamName;
  const blocked = viewer.blockedReason;
  const confirmed = !viewer.leavesEmptyTeam || understood;

  return (
    <section className="invite-accept" aria-labelledby={`${checkboxId}-title`}>
      <h2 id={`${checkboxId}-title`} className="link-subtitle">
        What joining changes
      </h2>
      <ul className="invite-changes" data-testid="invite-changes">
        <li>
          You move from <strong>{current}</strong> to <strong>{info.teamName}</strong> as{' '}
          {info.roleName}, and can no longer open {current}.
        </li>
        {viewer.credentialCount === 0 ? (
          <li>You have not connected any data sources in {current}, so nothing else moves.</li>
        ) : viewer.leavesEmptyTeam ? (
          <li>
            The {credentialCountText(viewer.credentialCount)} you connected stay with {current},
            with their accounts.
          </li>
        ) : (
          <li>
            The {credentialCountText(viewer.credentialCount)} you connected stay with {current} and
            are handed to its longest-standing Super Admin, so its reports keep working.
          </li>
        )}
        {viewer.leavesEmptyTeam && (
          <li data-testid="invite-empty-team">
            You are the only member of {current}. Nothing in it is deleted, but after you leave
            nobody will be able to open it.
          </li>
        )}
      </ul>

      {blocked && (
        <div className="alert alert-danger" role="alert" data-testid="invite-blocked">
          <Icon name="lock" />
          <div>
            {blocked} <Link to={ROUTES.Team.path}>Go to your team</Link>
          </div>
        </div>
      )}

      {viewer.leavesEmptyTeam && !blocked && (
        <div className="checkbox-row">
          <input
            id={checkboxId}
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            data-testid="invite-confirm-leave"
          />
          <label htmlFor={checkboxId}>
            I understand that I leave {current} and will no longer be able to open it.
          </label>
        </div>
      )}

      {accept.isError && !isSessionError(accept.error) && (
        <div className="alert alert-danger" role="alert" data-testid="invite-accept-error">
          <Icon name="alert" />
          <div>
            <strong>You have not joined yet.</strong> {errorMessage(accept.error)}
          </div>
        </div>
      )}

      <div className="link-actions">
        <Button
          variant="primary"
          size="lg"
          disabled={Boolean(blocked) || !confirmed}
          loading={accept.isPending}
          onClick={() => accept.mutate(token)}
          data-testid="invite-accept"
        >
          Join {info.teamName}
        </Button>
        <Link className="btn btn-ghost btn-lg" to={ROUTES.Team.path}>
          Stay in {current}
        </Link>
      </div>
    </section>
  );
}
