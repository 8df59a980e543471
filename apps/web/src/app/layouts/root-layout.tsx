import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useMatches, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { connectorsQueryOptions } from '../../features/data-sources/api/connectors-query.ts';
import { useProfileSync } from '../../features/team/api/use-profile-sync.ts';
import { loadTagManager } from '../../lib/analytics.ts';
import { appConfigQueryOptions } from '../../lib/app-config-query.ts';
import { onAppEvent } from '../../lib/app-events.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { ROUTES, type RouteMeta } from '../../lib/routes.ts';
import { useSkin } from '../../skins/skin-context.tsx';
import { useAdminSwitch } from '../use-admin-switch.ts';
import { useRouteEffects } from '../use-route-effects.ts';
import { AdminSwitchBanner } from './admin-switch-banner.tsx';
import { ChatWidget } from './chat-widget.tsx';
import { TopNav } from './top-nav.tsx';
import { useTimedChecks } from './use-timed-checks.ts';

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'name' in handle && 'title' in handle;
}

/** The shell around every screen: navigation, overlay, start-up work and session events. */
export function RootLayout() {
  const matches = useMatches();
  const meta = matches.map((match) => match.handle).findLast(isRouteMeta);
  const isLoggedIn = useAppStore((state) => state.isLoggedIn);
  const isLoading = useAppStore((state) => state.isLoading);
  const navigation = useNavigation();
  const skin = useSkin();
  const navigate = useNavigate();

  useRouteEffects(meta);
  useAdminSwitch();
  useStartup();
  useRecheckOnPermissionChange();

  // Spec §2: an API logout (expired session) goes to the Logout screen. The api client
  // emits it at most once per session, so this cannot loop.
  useEffect(() => onAppEvent('apiLogout', () => void navigate(ROUTES.Logout.path)), [navigate]);

  const signedInChrome =
    isLoggedIn && meta !== undefined && !meta.callback && meta.name !== 'Logout';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {isLoggedIn && meta?.name !== 'Logout' && <TimedChecks />}
      {signedInChrome && <ProfileSync />}
      {signedInChrome && <AdminSwitchBanner />}
      {signedInChrome && <TopNav />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {signedInChrome && skin.chatWidget && <ChatWidget />}
      <LoadingOverlay visible={isLoading || navigation.state === 'loading'} />
    </>
  );
}

/** Mounted while signed in: the forced profile load of the logged-in layout (spec §2). */
function ProfileSync() {
  useProfileSync();
  return null;
}

/** Mounted while signed in (callback pages too): the spec §4 timed checks. */
function TimedChecks() {
  useTimedChecks();
  return null;
}

/** Spec §1 start-up: the connector catalog, and the tag manager when an id is configured. */
function useStartup() {
  const skin = useSkin();
  useQuery(connectorsQueryOptions);
  const { data: config } = useQuery(appConfigQueryOptions);
  const tagId = config?.gTagId || skin.gTagId;
  useEffect(() => loadTagManager(tagId), [tagId]);
}

/** When the profile changes the user's permissions, re-run the guards of the open screen. */
function useRecheckOnPermissionChange() {
  const permissions = useAppStore((state) => JSON.stringify(state.user?.permissions ?? null));
  const idle = useNavigation().state === 'idle';
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const previous = useRef(permissions);
  useEffect(() => {
    if (previous.current === permissions) return;
    previous.current = permissions;
    // Only a signed-in user's change matters; logging out navigates by itself.
    if (idle && useAppStore.getState().isLoggedIn) void revalidate.current();
  }, [permissions, idle]);
}
