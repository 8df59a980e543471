import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { isPageLoadError } from '../../lib/lazy-page.ts';
import { ROUTES } from '../../lib/routes.ts';

/**
 * Catches what a screen throws while rendering and shows RouteErrorScreen instead of a blank
 * page. A class because React offers error boundaries only as class components; key it by the
 * address so that going elsewhere clears the error.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode },
  { failed: boolean; error: unknown }
> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isPageLoadError(error)) console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a screen shows when it fails. A page chunk that did not load (a technical load
 * error; usually a new release or a dropped connection) offers a reload, never a blank page.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
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
  return (
    <div className="page">
      <EmptyState
        icon="alert"
        tone="danger"
        title="Something went wrong"
        headingLevel={1}
        help
        actions={
          <>
            {reload}
            <Link className="btn btn-secondary btn-md" to={ROUTES.Team.path}>
              Go to your team
            </Link>
          </>
        }
      >
        An unexpected error stopped this page. Reloading usually helps.
      </EmptyState>
    </div>
  );
}
