import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { isPageLoadError } from '../../lib/lazy-page.ts';
import { ROUTES } from '../../lib/routes.ts';

/**
 * What a screen shows when it fails. A page chunk that did not load (spec §8 technical load
 * error; usually a new release or a dropped connection) offers a reload, never a blank page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const reload = (
    <Button variant="primary" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  if (isPageLoadError(error)) {
    return (
      <div className="page" data-testid="page-load-error">
        <EmptyState
          icon="refresh"
          title="This page could not be loaded"
          headingLevel={1}
          actions={reload}
          help
        >
          A newer version may have been released, or the connection dropped. Reload to try again.
        </EmptyState>
      </div>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="page">
      <EmptyState
        icon={notFound ? 'compass' : 'alert'}
        tone={notFound ? 'neutral' : 'danger'}
        title={notFound ? 'Page not found' : 'Something went wrong'}
        headingLevel={1}
        help
        actions={
          <>
            {!notFound && reload}
            <Link className="btn btn-secondary btn-md" to={ROUTES.Team.path}>
              Go to your team
            </Link>
          </>
        }
      >
        {notFound
          ? 'The address may be mistyped, or the page has moved.'
          : 'An unexpected error stopped this page. Reloading usually helps.'}
      </EmptyState>
    </div>
  );
}
