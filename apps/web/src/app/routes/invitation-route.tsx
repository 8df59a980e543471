import { useCallback } from 'react';
import { useParams } from 'react-router';
import {
  InvitationAccountSwitch,
  InvitationSignIn,
} from '../../features/sign-in/components/invitation-sign-in.tsx';
import { InvitationPage } from '../../features/invitations/components/invitation-page.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { showToast } from '../../lib/toast-store.ts';
import { useSkin } from '../../skins/skin-context.tsx';
import { useRestartSession } from '../use-restart-session.ts';

/** /invite/:token: the invitation, with sign-in and the session restart composed in. */
export function Component() {
  const skin = useSkin();
  const token = useParams().token ?? '';
  const restartSession = useRestartSession();
  const onJoined = useCallback(
    async (teamName: string) => {
      await restartSession(ROUTES.Team.path);
      showToast(`You joined ${teamName}`, { tone: 'success' });
    },
    [restartSession],
  );
  return (
    <div className="public-page link-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <InvitationPage
        token={token}
        signIn={<InvitationSignIn token={token} />}
        renderAccountSwitch={(email) => <InvitationAccountSwitch token={token} email={email} />}
        onJoined={onJoined}
      />
    </div>
  );
}
