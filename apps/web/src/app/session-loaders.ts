import { redirect, type LoaderFunctionArgs } from 'react-router';
import { finishSignIn } from '../features/auth/finish-sign-in.ts';
import { whenHydrated } from '../lib/app-store.ts';
import { ROUTES } from '../lib/routes.ts';

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
