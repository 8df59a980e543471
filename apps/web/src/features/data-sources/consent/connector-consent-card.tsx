import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useConnectorConsent } from '../api/connector-consent-query.ts';

const EXPIRED =
  'This authorization request has expired or was already answered. Go back to Looker Studio and authorize the connector again.';

/**
 * The consent screen of the Looker Studio connector: names the connector and the team whose
 * data it would read, and posts Allow or Cancel to the authorization server (a plain form
 * post: the answer is a redirect back to Looker Studio).
 */
export function ConnectorConsentCard({ uid }: { uid: string }) {
  const consent = useConnectorConsent(uid);
  const details = consent.data;
  const expired = uid === '' || (consent.error instanceof ApiError && consent.error.status === 404);
  return (
    <div className="card auth-card auth-card-centered consent-card" data-testid="connector-consent">
      <span className="auth-card-icon">
        <Icon name="plug" size={26} />
      </span>
      <h1 className="auth-title">Allow access to your data?</h1>
      {expired ? (
        <div className="alert alert-danger" role="alert" data-testid="consent-expired">
          <Icon name="alert" />
          <div>{EXPIRED}</div>
        </div>
      ) : consent.isError ? (
        <div className="alert alert-danger" role="alert">
          <Icon name="alert" />
          <div>
            The request could not be loaded. {errorMessage(consent.error)}{' '}
            <Button size="sm" onClick={() => void consent.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : !details ? (
        <Skeleton width="100%" height={120} />
      ) : (
        <>
          <p className="auth-lead" data-testid="consent-summary">
            The <strong>{details.client.name}</strong> wants to read the data of the{' '}
            <strong>{details.team.name}</strong> team&apos;s data sources for Looker Studio reports.
          </p>
          <ul className="consent-scope">
            <li>It can read report data (fields and rows) of the accounts your team connected.</li>
            <li>It cannot change or delete anything, or see your team&apos;s members.</li>
            <li>You can revoke this access at any time on the Data Sources screen.</li>
          </ul>
          <form method="post" action={details.action}>
            <div className="consent-actions">
              <Button type="submit" name="decision" value="cancel" data-testid="consent-cancel">
                Cancel
              </Button>
              <Button
                type="submit"
                name="decision"
                value="allow"
                variant="primary"
                data-testid="consent-allow"
              >
                Allow
              </Button>
            </div>
          </form>
        </>
      )}
      <footer className="auth-footnote">
        <SupportLinks />
      </footer>
    </div>
  );
}
