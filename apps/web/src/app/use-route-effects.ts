import { pageTitle } from '@gds/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics.ts';
import { useAppStore } from '../lib/app-store.ts';
import type { RouteMeta } from '../lib/routes.ts';
import { useSkin } from '../skins/skin-context.tsx';

export const FIXED_NAVBAR_CLASS = 'has-fixed-navbar';

/**
 * On every navigation: the title '{page} | {name} Google Data Studio Connector',
 * the global loading state cleared, the body class (public: none; private: fixed navbar),
 * and a tag-manager pageview.
 */
export function useRouteEffects(meta: RouteMeta | undefined): void {
  const { pathname } = useLocation();
  const skin = useSkin();
  useEffect(() => {
    if (!meta) return;
    const title = pageTitle(meta.title, skin);
    document.title = title;
    useAppStore.getState().setLoading(false);
    document.body.className = meta.public ? '' : FIXED_NAVBAR_CLASS;
    trackPageView(pathname, title);
  }, [pathname, meta, skin]);
}
