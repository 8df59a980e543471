import { useSyncExternalStore } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { useAppStore } from '../lib/app-store.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { ROUTES, type RouteMeta } from '../lib/routes.ts';
import { BootScreen } from './layouts/boot-screen.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import { guardFor, homeGuard, loginGuard, type Guard } from './route-guards.ts';
import { Screen } from './screen.tsx';

type PageImport = Parameters<typeof lazyPage>[0];

/** A screen of the app: its meta as the route handle, its guard, and its lazy chunk. */
function screen(meta: RouteMeta, load: PageImport, guard: Guard = guardFor(meta)): RouteObject {
  return { path: meta.path, handle: meta, element: <Screen guard={guard} page={lazyPage(load)} /> };
}

/** Nothing renders there: the guard always redirects. */
function Redirecting() {
  return null;
}

/** The app's route table. Screens are lazy chunks with a load timeout. */
export function buildRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <RootLayout screenAt={(pathname) => screenAt(routes, pathname)} />,
      children: [
        { index: true, element: <Screen guard={homeGuard} page={Redirecting} /> },
        screen(ROUTES.Login, () => import('./routes/login-route.tsx'), loginGuard),
        screen(ROUTES.Logout, () => import('./routes/logout-route.tsx')),
        screen(ROUTES.LoginCallback, () => import('./routes/login-callback-route.tsx')),
        screen(ROUTES.Auth, () => import('./routes/connection-start-route.tsx')),
        screen(ROUTES.Team, () => import('./routes/team-route.tsx')),
        screen(ROUTES.DataSources, () => import('./routes/data-sources-route.tsx')),
        screen(
          ROUTES.DataSourcesCallback,
          () => import('./routes/data-sources-callback-route.tsx'),
        ),
        screen(ROUTES.Billing, () => import('./routes/billing-route.tsx')),
        screen(ROUTES.Feedback, () => import('./routes/feedback-route.tsx')),
        screen(ROUTES.Stats, () => import('./routes/stats-route.tsx')),
        screen(ROUTES.Profile, () => import('./routes/profile-route.tsx')),
        screen(ROUTES.Invitation, () => import('./routes/invitation-route.tsx')),
        screen(ROUTES.ClientConnect, () => import('./routes/client-connect-route.tsx')),
        screen(
          ROUTES.ClientConnectResult,
          () => import('./routes/client-connect-result-route.tsx'),
        ),
        screen(ROUTES.Admin, () => import('./routes/admin-route.tsx')),
        screen(ROUTES.ConnectorConsent, () => import('./routes/connector-consent-route.tsx')),
        screen(ROUTES.NotFound, () => import('./routes/not-found-route.tsx')),
      ],
    },
  ];
  return routes;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'name' in handle && 'title' in handle;
}

/** The meta of the screen an address opens, as the router matches it ("/" has none). */
function screenAt(routes: RouteObject[], pathname: string): RouteMeta | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.map((match) => match.route.handle as unknown).findLast(isRouteMeta);
}

const subscribeToHydration = (onChange: () => void) =>
  useAppStore.persist.onFinishHydration(onChange);
const isHydrated = () => useAppStore.persist.hasHydrated();

/**
 * The app's screens at the current address. Until the encrypted state has been read it shows
 * the boot screen, so a guard never takes a signed-in user for a signed-out one on a reload.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const hydrated = useSyncExternalStore(subscribeToHydration, isHydrated);
  const element = useRoutes(routes);
  if (!hydrated) return <BootScreen />;
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}
