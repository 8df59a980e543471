import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { Icon } from '../../components/icon.tsx';
import { ROUTES } from '../../lib/routes.ts';

export function Component() {
  return (
    <div className="page page-narrow">
      <div className="card not-found" data-testid="not-found">
        <EmptyState
          icon="compass"
          title="Page not found"
          headingLevel={1}
          help
          actions={
            <Link className="btn btn-primary btn-md" to={ROUTES.Team.path}>
              <Icon name="arrowLeft" size={16} />
              Take me home
            </Link>
          }
        >
          We looked everywhere, but this address does not lead anywhere. It may be mistyped, or the
          page has moved.
        </EmptyState>
      </div>
    </div>
  );
}
