import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { useAppStore } from '../lib/app-store.ts';
import type { RouteName } from '../lib/routes.ts';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import type { Guard, GuardDecision } from './route-guards.ts';

/**
 * One screen of the route table: its guard runs before anything of it renders (a redirect
 * never loads the screen's chunk), then the screen, with a loading overlay while its chunk
 * arrives and its own error boundary.
 */
export function Screen({ guard, page: Page }: { guard: Guard; page: ComponentType }) {
  const decision = useGuardDecision(guard);
  const { pathname } = useLocation();
  return (
    <>
      {decision.nextUrl && <RememberNextUrl name={decision.nextUrl} />}
      {decision.to ? (
        <Navigate to={decision.to} replace />
      ) : (
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingOverlay visible />}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      )}
    </>
  );
}

/** Stores the screen sign-in returns to; rendered before a redirect, so it is set first. */
function RememberNextUrl({ name }: { name: RouteName }) {
  useEffect(() => {
    useAppStore.getState().setNextUrl(name);
  }, [name]);
  return null;
}

/**
 * The guard's decision, made on every navigation (a new location key) and again when a
 * signed-in user's permissions change (the profile reloaded with another role). Logging out
 * does not re-run it: the logout flow navigates by itself.
 */
function useGuardDecision(guard: Guard): GuardDecision {
  const location = useLocation();
  const revision = usePermissionRevision();
  return useMemo(
    () => guard(new URLSearchParams(location.search), useAppStore.getState()),
    // location.key: every navigation runs the guard, even to the same address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [guard, location.key, location.search, revision],
  );
}

/** Counts changes of the signed-in user's permissions. */
function usePermissionRevision(): number {
  const permissions = useAppStore((state) => JSON.stringify(state.user?.permissions ?? null));
  const [seen, setSeen] = useState({ permissions, revision: 0 });
  if (seen.permissions !== permissions) {
    const counts = useAppStore.getState().isLoggedIn;
    setSeen({ permissions, revision: counts ? seen.revision + 1 : seen.revision });
  }
  return seen.revision;
}
