import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { endSession } from '../features/auth/api/sign-in.ts';
import { finishSignIn } from '../features/auth/finish-sign-in.ts';
import { emitAppEvent } from '../lib/app-events.ts';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { ROUTES } from '../lib/routes.ts';

/**
 * /logout (spec §4): end the server session, forget every piece of server state (team, plan,
 * connectors, ... all live in the query cache) and the stored user, announce userLogout, and
 * land on /login. A loader runs once per visit, so the call is never doubled.
 */
export function logoutLoader(queryClient: QueryClient) {
  return async (): Promise<Response> => {
    await whenHydrated();
    await endSession();
    await queryClient.cancelQueries();
    queryClient.clear();
    useAppStore.getState().reset();
    emitAppEvent('userLogout', undefined);
    return redirect(ROUTES.Login.path);
  };
}

/**
 * /login/callback: hand the identity provider's query to the API. Success goes to the screen
 * nextUrl names (else Team); failure goes back to the login card with the reason.
 */
export async function loginCallbackLoader({ request }: LoaderFunctionArgs): Promise<Response> {
  // Hydration must finish first or it would overwrite the user set below with stale state.
  await whenHydrated();
  const result = await finishSignIn(new URL(request.url).searchParams);
  if (result.ok) return redirect(result.nextPath);
  return redirect(`${ROUTES.Login.path}?error=${encodeURIComponent(result.message.slice(0, 300))}`);
}
