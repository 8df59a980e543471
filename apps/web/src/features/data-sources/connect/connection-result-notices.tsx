import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { ResultCard } from './result-card.tsx';

/**
 * /data-sources/callback without a result this session may see (no id, an unknown, expired
 * or another session's id): never a success, never a redirect, just the way on.
 */
export function NoConnectionResult() {
  return (
    <ResultCard
      icon="compass"
      tone="neutral"
      title="No connection result to show"
      testId="result-none"
    >
      <p>
        There is no connection result to show here. It may have expired, or it belongs to another
        session. Open Data Sources to see your data sources, and connect again if you need to.
      </p>
      <div className="result-actions">
        <Link className="btn btn-primary btn-md" to={ROUTES.DataSources.path}>
          Go to Data Sources
        </Link>
      </div>
    </ResultCard>
  );
}

/** The server could not be asked (network, 5xx): the connection may well have worked. */
export function ConnectionResultUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <ResultCard
      icon="alert"
      tone="danger"
      title="Could not load the connection result"
      testId="result-unavailable"
    >
      <p>
        We could not reach the server to show how your connection ended. Try again, or open Data
        Sources to check your data sources.
      </p>
      <div className="result-actions">
        <Button variant="primary" icon={<Icon name="refresh" size={16} />} onClick={onRetry}>
          Try again
        </Button>
        <Link className="btn btn-secondary btn-md" to={ROUTES.DataSources.path}>
          Go to Data Sources
        </Link>
      </div>
    </ResultCard>
  );
}
