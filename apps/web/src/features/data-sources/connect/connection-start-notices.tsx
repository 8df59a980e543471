import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import type { Connector } from '../api/connectors-query.ts';

/** The start failed in a way trying again may fix: the reason and Try again. */
export function ConnectionStartRetry({
  connector,
  message,
  onRetry,
}: {
  connector: Connector;
  message: string;
  onRetry: () => void;
}) {
  return (
    <ConnectionStartNotice
      icon="alert"
      title={`Connect ${connector.name}`}
      testId="auth-start-failed"
      tone="danger"
    >
      <p>{message}</p>
      <Button onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
        Try again
      </Button>
    </ConnectionStartNotice>
  );
}

/** Why /auth cannot connect (unknown connector, no permission, a failed start) and the way on. */
export function ConnectionStartNotice({
  icon,
  title,
  testId,
  tone = 'neutral',
  children,
}: {
  icon: 'compass' | 'lock' | 'alert';
  title: string;
  testId: string;
  tone?: 'neutral' | 'danger';
  children: React.ReactNode;
}) {
  return (
    <div className={`card auth-card auth-card-centered auth-${tone}`} data-testid={testId}>
      <span className="auth-card-icon">
        <Icon name={icon} size={26} />
      </span>
      <h1 className="auth-title">Add Data Source</h1>
      <h2 className="auth-subtitle">{title}</h2>
      <div className="auth-lead">{children}</div>
      <Link to={ROUTES.DataSources.path}>Go to Data Sources</Link>
    </div>
  );
}

/** While the catalog loads or the connection starts. */
export function ConnectionStartSkeleton() {
  return (
    <div className="card auth-card" aria-busy="true">
      <h1 className="visually-hidden">Add Data Source</h1>
      <div className="auth-connector">
        <Skeleton width={48} height={48} />
        <div>
          <Skeleton width={160} height={20} />
          <Skeleton width={100} />
        </div>
      </div>
      <Skeleton height={44} />
      <span className="visually-hidden" role="status">
        Preparing your connection
      </span>
    </div>
  );
}
