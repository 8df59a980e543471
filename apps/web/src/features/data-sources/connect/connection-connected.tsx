import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import type { ConnectionOutcome } from '../api/connection-result-query.ts';
import { skippedAccountsMessage } from './connection-format.ts';
import { ResultCard } from './result-card.tsx';

/** How long the success card stays before going on by itself. */
export const AUTO_CONTINUE_MS = 5000;

const DATA_SOURCES_PATH = ROUTES.DataSources.path;

/**
 * A connection that worked: who it signed in as, the accounts added (and any the plan's limit
 * left out), then on to the return address or back to Data Sources after a few seconds, unless
 * accounts were left out or the user chooses to stay.
 */
export function Connected({ result, name }: { result: ConnectionOutcome; name: string }) {
  const navigate = useNavigate();
  const [auto, setAuto] = useState(result.accountsSkipped === 0);
  const { redirectUri } = result;
  useEffect(() => {
    if (!auto) return;
    const timer = setTimeout(() => {
      if (redirectUri) window.location.assign(redirectUri);
      else void navigate(DATA_SOURCES_PATH);
    }, AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [auto, redirectUri, navigate]);

  const added = result.accountsAdded;
  return (
    <ResultCard
      icon="success"
      tone="success"
      title={`${name} connected`}
      testId="result-connected"
      connector={result.connector === null ? undefined : { id: result.connector, name }}
    >
      {result.credentialName && (
        <p>
          Signed in as <strong>{result.credentialName}</strong>.
        </p>
      )}
      <p className="result-figure" data-testid="accounts-added">
        <strong>{added.toLocaleString('en-US')}</strong> {added === 1 ? 'account' : 'accounts'}{' '}
        added
      </p>
      {result.accountsSkipped > 0 && (
        <div className="alert alert-warning" role="status" data-testid="accounts-skipped">
          <Icon name="alert" />
          <div>
            {skippedAccountsMessage(result.accountsSkipped)} Raise the limit in Billing, or delete
            accounts you no longer report on.
          </div>
        </div>
      )}
      <div className="result-actions">
        {redirectUri ? (
          <>
            <Button
              variant="primary"
              onClick={() => window.location.assign(redirectUri)}
              data-testid="result-continue"
            >
              Continue
              <Icon name="arrowRight" size={16} />
            </Button>
            <Link className="btn btn-secondary btn-md" to={DATA_SOURCES_PATH}>
              Go to Data Sources
            </Link>
          </>
        ) : (
          <Link className="btn btn-primary btn-md" to={DATA_SOURCES_PATH} data-testid="result-back">
            <Icon name="arrowLeft" size={16} />
            Back to Data Sources
          </Link>
        )}
      </div>
      {auto && (
        <p className="result-auto" data-testid="result-auto">
          {redirectUri
            ? `Continuing to ${new URL(redirectUri).host} in a few seconds…`
            : 'Returning to Data Sources in a few seconds…'}{' '}
          <button type="button" className="link-button" onClick={() => setAuto(false)}>
            Stay here
          </button>
        </p>
      )}
    </ResultCard>
  );
}
