import { useParams } from 'react-router';
import { ClientConnectPage } from '../../features/client-links/components/client-connect-page.tsx';
import { useSkin } from '../../skins/skin-context.tsx';

/** /connect/:token: the client's page, in the skin of the site the link points to. */
export function Component() {
  const skin = useSkin();
  const token = useParams().token ?? '';
  return (
    <div className="public-page link-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <ClientConnectPage token={token} go={(authUri) => window.location.assign(authUri)} />
    </div>
  );
}
