import { Icon } from '../../../components/icon.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useStartSignIn } from '../api/sign-in.ts';
import { readPartnerKey } from '../referral.ts';
import { GoogleSignInButton, RedirectingStatus } from './google-sign-in.tsx';

interface ConnectionSignInCardProps {
  /** The connector the dashboard tool asked for, when known. */
  connectorName: string | undefined;
  /** The /auth query to come back to after sign-in. */
  search: string;
}

/**
 * /auth while signed out: says why signing in comes first, and keeps the dashboard tool's
 * query (connector, return address) across the sign-in round trip.
 */
export function ConnectionSignInCard({ connectorName, search }: ConnectionSignInCardProps) {
  const skin = useSkin();
  const signIn = useStartSignIn();
  const redirecting = signIn.isPending || signIn.isSuccess;
  const what = connectorName ?? 'a data source';

  const start = () => {
    const store = useAppStore.getState();
    store.setPendingAuth(search.slice(0, 4096));
    store.setNextUrl(ROUTES.Auth.name);
    signIn.mutate({
      nextUrl: ROUTES.Auth.name,
      partnerKey: readPartnerKey(window.location.search),
    });
  };

  return (
    <div className="card auth-card auth-card-centered" data-testid="auth-sign-in">
      <span className="auth-card-icon">
        <Icon name="plug" size={26} />
      </span>
      <h1 className="auth-title">Add Data Source</h1>
      <p className="auth-lead">
        Sign in to {skin.name} to connect {what} to your Looker Studio reports. You will come
        straight back here afterwards.
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
        data-testid="auth-sign-in-button"
      />
      <RedirectingStatus redirecting={redirecting} />
      <footer className="auth-footnote">
        <SupportLinks />
      </footer>
    </div>
  );
}
