import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { appConfigQueryOptions } from '../../../lib/app-config-query.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES, isRouteName } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useStartSignIn } from '../api/sign-in.ts';
import { readPartnerKey } from '../referral.ts';
import { GoogleSignInButton, RedirectingStatus } from './google-sign-in.tsx';

/** The sign-in card: skin logo, welcome, Google button, and any error from a failed attempt. */
export function LoginCard() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const callbackError = params.get('error');
  const nextUrl = useAppStore((state) => state.nextUrl);
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const { data: config } = useQuery(appConfigQueryOptions);
  const signIn = useStartSignIn();
  const error = signIn.isError ? errorMessage(signIn.error) : callbackError;
  const redirecting = signIn.isPending || signIn.isSuccess;
  // Signed in but sent here (with nextUrl) by the guard of a screen the role does not allow.
  const deniedScreen = isLoggedIn && isRouteName(nextUrl) ? ROUTES[nextUrl].title : null;

  return (
    <div className="login-card card">
      <img className="login-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <h1 className="login-title">Welcome to {skin.name}</h1>
      <p className="login-subtitle">
        Sign in to connect your marketing data sources to Google Data Studio.
      </p>

      {deniedScreen && (
        <div className="alert alert-info" role="status">
          <Icon name="lock" />
          <div>
            Your role does not give access to {deniedScreen}. Sign in with another account, or{' '}
            <Link to={ROUTES.Team.path}>go back to your team</Link>.
          </div>
        </div>
      )}
      {error && !redirecting && (
        <div className="alert alert-danger" role="alert" data-testid="login-error">
          <Icon name="alert" />
          <div>
            <strong>Sign-in failed.</strong> {error}
            <div className="alert-hint">Try again below.</div>
          </div>
        </div>
      )}

      <GoogleSignInButton
        redirecting={redirecting}
        onClick={() =>
          signIn.mutate({ nextUrl, partnerKey: readPartnerKey(window.location.search) })
        }
        data-testid="sign-in-button"
      />
      <RedirectingStatus redirecting={redirecting} />

      {config?.demoMode && (
        <p className="login-demo-note" data-testid="demo-note">
          <Icon name="info" size={16} />
          <span>Demo mode: sign-in uses the built-in sandbox, and any email address works.</span>
        </p>
      )}

      <footer className="login-footer">
        <SupportLinks />
      </footer>
    </div>
  );
}
