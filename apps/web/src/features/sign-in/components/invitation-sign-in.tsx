import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { startSignIn, useStartSignIn } from '../api/sign-in.ts';
import { readPartnerKey } from '../referral.ts';
import { signOut } from '../sign-out.ts';
import { RedirectingStatus } from './google-sign-in.tsx';
import { SignInFailed } from './sign-in-card.tsx';

function SignInError({ error }: { error: unknown }) {
  return (
    <SignInFailed
      title="Sign-in could not start."
      message={errorMessage(error)}
      testId="invite-sign-in-error"
    />
  );
}

/**
 * "Sign in to join": sign-in carries the invitation token, so the server adds a new person to
 * the team straight away, or brings someone who already has a team back here to confirm.
 */
export function InvitationSignIn({ token }: { token: string }) {
  const signIn = useStartSignIn();
  const redirecting = signIn.isPending || signIn.isSuccess;
  const start = () => {
    // The invitation decides where sign-in returns; an older destination must not win.
    useAppStore.getState().setNextUrl(null);
    signIn.mutate({
      nextUrl: null,
      partnerKey: readPartnerKey(window.location.search),
      invitation: token,
    });
  };
  return (
    <div className="invite-sign-in">
      {signIn.isError && <SignInError error={signIn.error} />}
      <Button
        variant="primary"
        size="lg"
        loading={redirecting}
        onClick={start}
        data-testid="invite-sign-in"
      >
        Sign in to join
      </Button>
      <RedirectingStatus redirecting={redirecting} />
    </div>
  );
}

/**
 * Signed in as someone other than the invitee: end this session and sign in again with the
 * invitation, in one step, so the right account lands back on the invitation.
 */
export function InvitationAccountSwitch({ token, email }: { token: string; email: string }) {
  const queryClient = useQueryClient();
  const switchAccount = useMutation({
    mutationFn: async () => {
      await signOut(queryClient);
      return startSignIn({
        nextUrl: null,
        partnerKey: readPartnerKey(window.location.search),
        invitation: token,
      });
    },
    onSuccess: (authUri) => window.location.assign(authUri),
  });
  const redirecting = switchAccount.isPending || switchAccount.isSuccess;
  return (
    <div className="invite-sign-in">
      {switchAccount.isError && <SignInError error={switchAccount.error} />}
      <Button
        variant="primary"
        size="lg"
        loading={redirecting}
        onClick={() => switchAccount.mutate()}
        data-testid="invite-switch-account"
      >
        Log out and sign in as {email}
      </Button>
      <RedirectingStatus redirecting={redirecting} />
    </div>
  );
}
