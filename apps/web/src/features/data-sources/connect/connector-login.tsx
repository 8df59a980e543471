import type { Connector } from '../api/connectors-query.ts';
import type { ConnectionStart } from '../api/connection-api.ts';
import { ConnectorLoginForm } from './connector-login-form.tsx';
import { ConnectorOAuthPanel } from './connector-oauth-panel.tsx';

/** Form connectors ask their login fields; the others sign in at the provider. */
export function isFormConnector(connector: Connector): boolean {
  return (connector.loginFields?.length ?? 0) > 0;
}

/** Whether a start answer lets this connector's login component show. */
export function canShowLogin(connector: Connector, start: ConnectionStart): boolean {
  return isFormConnector(connector) ? start.state !== null : start.authUri !== null;
}

interface ConnectorLoginProps {
  connector: Connector;
  start: ConnectionStart;
  onDone?: () => void;
}

/** The login component of spec §2, shared by the add/reconnect modal and the /auth page. */
export function ConnectorLogin({ connector, start, onDone }: ConnectorLoginProps) {
  if (isFormConnector(connector) && start.state !== null) {
    return (
      <ConnectorLoginForm
        connector={connector}
        state={start.state}
        {...(onDone ? { onDone } : {})}
      />
    );
  }
  if (start.authUri !== null) {
    return <ConnectorOAuthPanel connector={connector} authUri={start.authUri} />;
  }
  return null;
}
