import type { Connector } from '../api/connectors-query.ts';
import type { ConnectionStart } from '../api/connection-api.ts';
import { CredentialForm } from './credential-form.tsx';
import { ConnectorOAuthPanel } from './connector-oauth-panel.tsx';

/** Form connectors ask for their credential fields; the others sign in at the provider. */
export function isFormConnector(connector: Connector): boolean {
  return (connector.loginFields?.length ?? 0) > 0;
}

/** Whether a start answer lets this connector's credential panel show. */
export function canShowCredentialPanel(connector: Connector, start: ConnectionStart): boolean {
  return isFormConnector(connector) ? start.state !== null : start.authUri !== null;
}

interface CredentialPanelProps {
  connector: Connector;
  start: ConnectionStart;
  onDone?: () => void;
  /** Reconnecting a stored login: a form then replaces its key in place. */
  replacing?: boolean;
}

/**
 * Where a credential is given (the spec's login component): the connector's form, or the link
 * to sign in at the provider. Shared by the add/reconnect modal and the /auth page.
 */
export function CredentialPanel({ connector, start, onDone, replacing }: CredentialPanelProps) {
  if (isFormConnector(connector) && start.state !== null) {
    return (
      <CredentialForm
        connector={connector}
        state={start.state}
        replacing={replacing ?? false}
        {...(onDone ? { onDone } : {})}
      />
    );
  }
  if (start.authUri !== null) {
    return <ConnectorOAuthPanel connector={connector} authUri={start.authUri} />;
  }
  return null;
}
