import type { Connector } from '../api/connectors-query.ts';

/**
 * The credential panel of OAuth connectors (the spec's connector login panel). The browser
 * goes to the provider by this panel's link (never on its own), and comes back to
 * /data-sources/callback.
 */
export function ConnectorOAuthPanel({
  connector,
  authUri,
}: {
  connector: Connector;
  authUri: string;
}) {
  if (connector.googleType) {
    return (
      <div className="oauth-panel" data-testid="connector-oauth-panel">
        <p className="oauth-panel-text">
          Choose the Google account that can see your {connector.name} data.
        </p>
        <a className="google-link" href={authUri} data-testid="connector-auth-link">
          <img src="/sign-in-with-google.svg" alt="Sign in with Google" width={191} height={46} />
        </a>
      </div>
    );
  }
  return (
    <div className="oauth-panel" data-testid="connector-oauth-panel">
      <p className="oauth-panel-text" data-testid="connector-oauth-hint">
        Make sure you are logged in with the correct {connector.name} account or go to{' '}
        <a href={connector.url} target="_blank" rel="noreferrer">
          {connector.name}
        </a>{' '}
        and log out.
      </p>
      <a className="btn btn-primary btn-lg" href={authUri} data-testid="connector-auth-link">
        Log in with {connector.name}
      </a>
    </div>
  );
}
