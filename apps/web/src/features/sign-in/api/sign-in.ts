import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export interface SignInInput {
  nextUrl: string | null;
  partnerKey: string | null;
  /** An invitation link's token: signing in with the invited email joins that team. */
  invitation?: string | null;
}

/** POST /api/home/login → the identity provider's address, where the browser goes next. */
export async function startSignIn({
  nextUrl,
  partnerKey,
  invitation,
}: SignInInput): Promise<string> {
  const { authUri } = await apiCall(ENDPOINT_ROUTES.login, {
    query: nextUrl ? { nextUrl } : {},
    body: {
      ...(partnerKey ? { partnerKey } : {}),
      ...(invitation ? { invitation } : {}),
    },
  });
  return authUri;
}

export function useStartSignIn() {
  return useMutation({
    mutationFn: startSignIn,
    onSuccess: (authUri) => window.location.assign(authUri),
  });
}

/** Finishes sign-in with the identity provider's query (GET /api/auth/callback). */
export function completeSignIn(search: URLSearchParams) {
  return apiCall(ENDPOINT_ROUTES.loginCallback, { query: Object.fromEntries(search) });
}

/** Ends the server session; it always answers 200, and failing to reach it must not block. */
export async function endSession(): Promise<void> {
  try {
    await apiCall(ENDPOINT_ROUTES.logout);
  } catch (error) {
    console.warn('Logout call failed; clearing local state anyway', error);
  }
}

/**
 * The timed sign-in check: a passive call that never extends the session. An ended
 * session answers 401/440, which the api client turns into the logged-out flow; anything else
 * (a network blip) is ignored so the user is never interrupted.
 */
export async function checkSession(): Promise<void> {
  try {
    await apiCall(ENDPOINT_ROUTES.getSession);
  } catch {
    // Handled by the api client when it matters (401/440); otherwise try again next time.
  }
}
