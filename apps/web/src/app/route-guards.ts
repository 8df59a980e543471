import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { userCan } from '../lib/permissions.ts';
import { ROUTES, isRouteName, loginPathFor, type RouteMeta } from '../lib/routes.ts';

/**
 * Spec §2 guards, run before a screen loads: a private screen while signed out, or one whose
 * permissions the user lacks, goes to /login?nextUrl=<route name>, remembered in the store.
 * They wait for the encrypted state to be read first, so a reload never bounces a signed-in
 * user to the login page.
 */
export function guardFor(meta: RouteMeta) {
  return async (): Promise<Response | null> => {
    await whenHydrated();
    if (meta.public) return null;
    const { isLoggedIn, user, setNextUrl } = useAppStore.getState();
    if (!isLoggedIn || !userCan(user, meta.permissions ?? [])) {
      setNextUrl(meta.name);
      return redirect(loginPathFor(meta.name));
    }
    return null;
  };
}

/**
 * /login: a signed-in user goes to /team — unless they were sent here because their role
 * lacks a screen's permission, in which case the login card explains that.
 */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  await whenHydrated();
  const nextUrl = new URL(request.url).searchParams.get('nextUrl');
  const { isLoggedIn, user, setNextUrl } = useAppStore.getState();
  const target = isRouteName(nextUrl) && !ROUTES[nextUrl].public ? ROUTES[nextUrl] : null;
  if (isLoggedIn && !(target && !userCan(user, target.permissions ?? []))) {
    return redirect(ROUTES.Team.path);
  }
  if (target) setNextUrl(target.name);
  return null;
}

/**
 * "/" goes to Team (spec §2). Signed out, Team would only bounce to the login page with
 * nextUrl=Team, the default anyway, so go there directly with a clean address.
 */
export async function homeLoader(): Promise<Response> {
  await whenHydrated();
  return redirect(useAppStore.getState().isLoggedIn ? ROUTES.Team.path : ROUTES.Login.path);
}
