import { useSearchParams } from 'react-router';
import { ClientConnectResultPage } from '../../features/client-links/components/client-connect-result-page.tsx';
import { useSkin } from '../../skins/skin-context.tsx';

/** /connect/done?id=…: how the client's connection ended, on the client's own branded page. */
export function Component() {
  const skin = useSkin();
  const [search] = useSearchParams();
  return (
    <div className="public-page link-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <ClientConnectResultPage id={search.get('id') ?? ''} />
    </div>
  );
}
