import { useEffect } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import type { ConnectionStart } from '../api/connection-api.ts';
import type { Connector } from '../api/connectors-query.ts';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { CredentialPanel, isFormConnector } from './credential-panel.tsx';

/**
 * The /auth card once the connection started: with a return address, the team's existing
 * credentials of the connector and Continue; then the credential panel for another one.
 */
export function ConnectionStartCard({
  connector,
  start,
  onDone,
}: {
  connector: Connector;
  start: ConnectionStart;
  onDone: () => void;
}) {
  const { credentials, gdsRedirectUri } = start;
  const form = isFormConnector(connector);
  useEffect(() => trackEvent('connectorSelect', connector.nameSimple), [connector.nameSimple]);
  return (
    <div className="card auth-card" data-testid="auth-connect">
      <div className="auth-connector">
        <ConnectorBadge connector={connector} size="lg" />
        <div>
          <h1 className="auth-title">Add Data Source</h1>
          <p className="auth-connector-name">{connector.name}</p>
        </div>
      </div>
      {credentials.length > 0 && gdsRedirectUri ? (
        <>
          <section className="auth-existing" aria-labelledby="auth-existing-title">
            <h2
              id="auth-existing-title"
              className="auth-existing-title"
              data-testid="auth-existing-title"
            >
              You are currently logged in with {credentials.length} {connector.name} account(s)
            </h2>
            <ul className="auth-credentials" data-testid="auth-credentials">
              {credentials.map((credential) => (
                <li key={credential.id}>
                  <Icon name="check" size={14} />
                  {credential.name} ({credential.id})
                </li>
              ))}
            </ul>
            <a
              className="btn btn-primary btn-lg auth-continue"
              href={gdsRedirectUri}
              data-testid="auth-continue"
            >
              Continue with this/these account(s)
            </a>
          </section>
          <p className="auth-divider">Or log-in with another account:</p>
        </>
      ) : (
        form && <h2 className="auth-credential-title">Login to {connector.name}</h2>
      )}
      <div className="auth-credential-panel">
        <CredentialPanel connector={connector} start={start} onDone={onDone} />
      </div>
    </div>
  );
}
