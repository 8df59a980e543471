import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page.ts';
import { ROUTES, type RouteMeta } from '../lib/routes.ts';
import { BootScreen } from './layouts/boot-screen.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import { guardFor, homeLoader, loginLoader } from './route-guards.ts';
import { loginCallbackLoader } from './session-loaders.ts';

/** A screen of spec §2: its meta as the route handle, its guard, and its own error boundary. */
function screen(meta: RouteMeta, route: Omit<RouteObject, 'path' | 'index' | 'children'>) {
  return {
    path: meta.path,
    handle: meta,
    loader: guardFor(meta),
    ErrorBoundary: RouteErrorBoundary,
    ...route,
  } satisfies RouteObject;
}

/** Nothing renders there: the loader always redirects. */
function Redirecting() {
  return null;
}

/** The route table of spec §2. Screens are lazy chunks with a load timeout. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, loader: homeLoader },
        screen(ROUTES.Login, {
          loader: loginLoader,
          lazy: lazyPage(() => import('./routes/login-route.tsx')),
        }),
        screen(ROUTES.Logout, { lazy: lazyPage(() => import('./routes/logout-route.tsx')) }),
        screen(ROUTES.LoginCallback, { loader: loginCallbackLoader, Component: Redirecting }),
        screen(ROUTES.Auth, { lazy: lazyPage(() => import('./routes/auth-route.tsx')) }),
        screen(ROUTES.Team, { lazy: lazyPage(() => import('./routes/team-route.tsx')) }),
        screen(ROUTES.DataSources, {
          lazy: lazyPage(() => import('./routes/data-sources-route.tsx')),
        }),
        screen(ROUTES.DataSourcesCallback, {
          lazy: lazyPage(() => import('./routes/data-sources-callback-route.tsx')),
        }),
        screen(ROUTES.Billing, { lazy: lazyPage(() => import('./routes/billing-route.tsx')) }),
        screen(ROUTES.Feedback, { lazy: lazyPage(() => import('./routes/feedback-route.tsx')) }),
        screen(ROUTES.Stats, { lazy: lazyPage(() => import('./routes/stats-route.tsx')) }),
        screen(ROUTES.Invitation, {
          lazy: lazyPage(() => import('./routes/invitation-route.tsx')),
        }),
        screen(ROUTES.ClientConnect, {
          lazy: lazyPage(() => import('./routes/client-connect-route.tsx')),
        }),
        screen(ROUTES.ClientConnectResult, {
          lazy: lazyPage(() => import('./routes/client-connect-result-route.tsx')),
        }),
        screen(ROUTES.Admin, { lazy: lazyPage(() => import('./routes/admin-route.tsx')) }),
        screen(ROUTES.ConnectorConsent, {
          lazy: lazyPage(() => import('./routes/connector-consent-route.tsx')),
        }),
        screen(ROUTES.NotFound, { lazy: lazyPage(() => import('./routes/not-found-route.tsx')) }),
      ],
    },
  ];
}
