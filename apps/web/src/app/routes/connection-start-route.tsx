import { useSearchParams } from 'react-router';
import { ConnectionSignInCard } from '../../features/sign-in/components/connection-sign-in-card.tsx';
import { useConnectors } from '../../features/data-sources/api/connectors-query.ts';
import { ConnectionStartScreen } from '../../features/data-sources/connect/connection-start-screen.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { useSkin } from '../../skins/skin-context.tsx';

function connectorIdFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /auth (titled "Add Data Source"): the Looker Studio connector sends people here with
 * integration_type=<connector id>&redirectUri=<its return address>. Signed out, sign in first
 * (the query is kept across it); signed in, connect the connector.
 */
export function Component() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const connectors = useConnectors();
  const connectorId = connectorIdFrom(params.get('integration_type'));
  const redirectUri = params.get('redirectUri');
  return (
    <div className="public-page auth-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      {isLoggedIn ? (
        <ConnectionStartScreen connectorId={connectorId} redirectUri={redirectUri} />
      ) : (
        <ConnectionSignInCard
          connectorName={
            connectorId === null ? undefined : connectors.data?.byId.get(connectorId)?.name
          }
          search={params.toString()}
        />
      )}
    </div>
  );
}
