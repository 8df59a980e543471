import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { connectorsQueryOptions } from '../../features/data-sources/api/connectors-query.ts';
import { loadTagManager } from '../../lib/analytics.ts';
import { appConfigQueryOptions } from '../../lib/app-config-query.ts';
import { onAppEvent } from '../../lib/app-events.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { ROUTES, type RouteMeta } from '../../lib/routes.ts';
import { useSkin } from '../../skins/skin-context.tsx';
import { useAdminSwitch } from '../use-admin-switch.ts';
import { useRouteEffects } from '../use-route-effects.ts';

// The signed-in parts load in their own chunk, only once someone is signed in.
const chrome = () => import('./signed-in-chrome.tsx');
const SignedInHeader = lazy(async () => ({ default: (await chrome()).SignedInHeader }));
const TopNav = lazy(async () => ({ default: (await chrome()).TopNav }));
const TimedChecks = lazy(async () => ({ default: (await chrome()).TimedChecks }));
const ChatWidget = lazy(async () => ({ default: (await chrome()).ChatWidget }));

/**
 * The shell around every screen: navigation, overlay, start-up work and session events.
 * `screenAt` names the screen an address opens (the route table knows it).
 */
export function RootLayout({
  screenAt,
}: {
  screenAt: (pathname: string) => RouteMeta | undefined;
}) {
  const { pathname } = useLocation();
  const meta = screenAt(pathname);
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const isLoading = useAppStore((state) => state.isLoading);
  const skin = useSkin();
  const navigate = useNavigate();

  useRouteEffects(meta);
  useAdminSwitch();
  useStartup();

  // An API logout (expired session) goes to the Logout screen. The api client
  // emits it at most once per session, so this cannot loop.
  useEffect(() => onAppEvent('apiLogout', () => void navigate(ROUTES.Logout.path)), [navigate]);

  const signedInChrome =
    isLoggedIn && meta !== undefined && !meta.callback && meta.name !== 'Logout';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={null}>
        {isLoggedIn && meta?.name !== 'Logout' && <TimedChecks />}
        {signedInChrome && <SignedInHeader />}
        {signedInChrome && <TopNav />}
      </Suspense>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>{signedInChrome && skin.chatWidget && <ChatWidget />}</Suspense>
      <LoadingOverlay visible={isLoading} />
    </>
  );
}

/** Start-up: the connector catalog, and the tag manager when an id is configured. */
function useStartup() {
  const skin = useSkin();
  useQuery(connectorsQueryOptions);
  const { data: config } = useQuery(appConfigQueryOptions);
  const tagId = config?.gTagId || skin.gTagId;
  useEffect(() => loadTagManager(tagId), [tagId]);
}
