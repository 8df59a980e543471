import { useSearchParams } from 'react-router';
import { ConsentSignInCard } from '../../features/sign-in/components/consent-sign-in-card.tsx';
import { ConnectorConsentCard } from '../../features/data-sources/consent/connector-consent-card.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { useSkin } from '../../skins/skin-context.tsx';

/**
 * /connector-consent?uid=…: the authorization server sends a person here when the Looker
 * Studio connector asks for access. Signed out, sign in first (the request is kept); signed
 * in, Allow or Cancel.
 */
export function Component() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const uid = params.get('uid') ?? '';
  return (
    <div className="public-page auth-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      {isLoggedIn ? (
        <ConnectorConsentCard uid={uid} />
      ) : (
        <ConsentSignInCard search={params.toString()} />
      )}
    </div>
  );
}
