import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { appConfigQueryOptions } from '../../../lib/app-config-query.ts';
import { useAppStore } from '../../../lib/app-store.ts';
import { ROUTES, isRouteName } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { readPartnerKey } from '../referral.ts';
import { SignInCard } from './sign-in-card.tsx';

/** The sign-in page's card: skin logo, welcome, Google button, and any error from a failed attempt. */
export function LoginCard() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const nextUrl = useAppStore((state) => state.nextUrl);
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const { data: config } = useQuery(appConfigQueryOptions);
  // Signed in but sent here (with nextUrl) by the guard of a screen the role does not allow.
  const deniedScreen = isLoggedIn && isRouteName(nextUrl) ? ROUTES[nextUrl].title : null;

  return (
    <SignInCard
      look="login"
      title={`Welcome to ${skin.name}`}
      lead="Sign in to connect your marketing data sources to Google Data Studio."
      notice={
        deniedScreen && (
          <div className="alert alert-info" role="status">
            <Icon name="lock" />
            <div>
              Your role does not give access to {deniedScreen}. Sign in with another account, or{' '}
              <Link to={ROUTES.Team.path}>go back to your team</Link>.
            </div>
          </div>
        )
      }
      earlierError={params.get('error')}
      errorTestId="login-error"
      errorHint="Try again below."
      buttonTestId="sign-in-button"
      start={() => ({ nextUrl, partnerKey: readPartnerKey(window.location.search) })}
    >
      {config?.demoMode && (
        <p className="login-demo-note" data-testid="demo-note">
          <Icon name="info" size={16} />
          <span>Demo mode: sign-in uses the built-in sandbox, and any email address works.</span>
        </p>
      )}
    </SignInCard>
  );
}
