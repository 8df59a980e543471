import { userCan } from '../lib/permissions.ts';
import {
  ROUTES,
  isRouteName,
  loginPathFor,
  type RouteMeta,
  type RouteName,
} from '../lib/routes.ts';

/** Who is signed in, as the guards read it from the store. */
export interface GuardState {
  isLoggedIn: boolean;
  user: Parameters<typeof userCan>[0];
}

/**
 * What a guard decides before a screen renders: go elsewhere (`to`, replacing the address),
 * and remember the screen sign-in should return to (`nextUrl`). Neither: show the screen.
 */
export interface GuardDecision {
  to?: string;
  nextUrl?: RouteName;
}

export type Guard = (search: URLSearchParams, state: GuardState) => GuardDecision;

/**
 * Guards: a private screen while signed out, or one whose permissions the user lacks,
 * goes to /login?nextUrl=<route name>, remembered in the store.
 */
export function guardFor(meta: RouteMeta): Guard {
  return (_, { isLoggedIn, user }) => {
    if (meta.public) return {};
    if (isLoggedIn && userCan(user, meta.permissions ?? [])) return {};
    return { to: loginPathFor(meta.name), nextUrl: meta.name };
  };
}

/**
 * /login: a signed-in user goes to /team — unless they were sent here because their role
 * lacks a screen's permission, in which case the login card explains that.
 */
export const loginGuard: Guard = (search, { isLoggedIn, user }) => {
  const nextUrl = search.get('nextUrl');
  const target = isRouteName(nextUrl) && !ROUTES[nextUrl].public ? ROUTES[nextUrl] : null;
  if (isLoggedIn && !(target && !userCan(user, target.permissions ?? []))) {
    return { to: ROUTES.Team.path };
  }
  return target ? { nextUrl: target.name } : {};
};

/**
 * "/" goes to Team. Signed out, Team would only bounce to the login page with
 * nextUrl=Team, the default anyway, so go there directly with a clean address.
 */
export const homeGuard: Guard = (_, { isLoggedIn }) => ({
  to: isLoggedIn ? ROUTES.Team.path : ROUTES.Login.path,
});
