import { ROUTES } from '../../../lib/routes.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import { readPartnerKey } from '../referral.ts';
import { SignInCard, keepForReturn } from './sign-in-card.tsx';

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
  return (
    <SignInCard
      look="step"
      testId="auth-sign-in"
      title="Add Data Source"
      lead={`Sign in to ${skin.name} to connect ${connectorName ?? 'a data source'} to your Looker Studio reports. You will come straight back here afterwards.`}
      buttonTestId="auth-sign-in-button"
      start={() => {
        keepForReturn(search, ROUTES.Auth.name);
        return { nextUrl: ROUTES.Auth.name, partnerKey: readPartnerKey(window.location.search) };
      }}
    />
  );
}
