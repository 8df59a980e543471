import { ROUTES } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { SignInCard, keepForReturn } from './sign-in-card.tsx';

/**
 * The connector's consent screen while signed out: sign in first; the request (its query) is
 * kept across the sign-in round trip and the screen comes back afterwards.
 */
export function ConsentSignInCard({ search }: { search: string }) {
  const skin = useSkin();
  return (
    <SignInCard
      look="step"
      testId="consent-sign-in"
      title="Authorize Looker Studio"
      lead={`Sign in to ${skin.name} to let the Looker Studio connector read your team's data. You will come straight back here afterwards.`}
      buttonTestId="consent-sign-in-button"
      start={() => {
        keepForReturn(search, ROUTES.ConnectorConsent.name);
        return { nextUrl: ROUTES.ConnectorConsent.name, partnerKey: null };
      }}
    />
  );
}
