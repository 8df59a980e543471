import { Icon } from '../../../components/icon.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useStartSignIn } from '../api/sign-in.ts';
import { GoogleSignInButton, RedirectingStatus } from './google-sign-in.tsx';

/**
 * The connector's consent screen while signed out: sign in first; the request (its query) is
 * kept across the sign-in round trip and the screen comes back afterwards.
 */
export function ConsentSignInCard({ search }: { search: string }) {
  const skin = useSkin();
  const signIn = useStartSignIn();
  const redirecting = signIn.isPending || signIn.isSuccess;
  const start = () => {
    const store = useAppStore.getState();
    store.setPendingAuth(search.slice(0, 4096));
    store.setNextUrl(ROUTES.ConnectorConsent.name);
    signIn.mutate({ nextUrl: ROUTES.ConnectorConsent.name, partnerKey: null });
  };
  return (
    <div className="card auth-card auth-card-centered" data-testid="consent-sign-in">
      <span className="auth-card-icon">
        <Icon name="plug" size={26} />
      </span>
      <h1 className="auth-title">Authorize Looker Studio</h1>
      <p className="auth-lead">
        Sign in to {skin.name} to let the Looker Studio connector read your team&apos;s data. You
        will come straight back here afterwards.
      </p>
      {signIn.isError && (
        <div className="alert alert-danger" role="alert">
          <Icon name="alert" />
          <div>
            <strong>Sign-in failed.</strong> {errorMessage(signIn.error)}
          </div>
        </div>
      )}
      <GoogleSignInButton
        redirecting={redirecting}
        onClick={start}
        data-testid="consent-sign-in-button"
      />
      <RedirectingStatus redirecting={redirecting} />
      <footer className="auth-footnote">
        <SupportLinks />
      </footer>
    </div>
  );
}
