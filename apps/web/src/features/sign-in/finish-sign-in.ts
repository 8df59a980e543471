import { trackEvent } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toSessionUser, useAppStore } from '../../lib/app-store.ts';
import { ROUTES, invitationPath, returnPathFor } from '../../lib/routes.ts';
import { showToast } from '../../lib/toast-store.ts';
import { completeSignIn } from './api/sign-in.ts';

export type SignInResult = { ok: true; nextPath: string } | { ok: false; message: string };

const GENERIC_FAILURE = 'Sign-in could not be completed. Please try again.';

/**
 * Where sign-in returns to: the screen nextUrl names, or for 'Auth' (and the connector's
 * consent screen) the page with the query it was opened with (kept in the store across the
 * sign-in round trip).
 */
function nextPathFor(nextUrl: string | null, pendingAuth: string | null): string {
  if (nextUrl === ROUTES.Auth.name) {
    return pendingAuth ? `${ROUTES.Auth.path}?${pendingAuth}` : ROUTES.Auth.path;
  }
  // The connector's consent screen, with the authorization request it was opened for.
  if (nextUrl === ROUTES.ConnectorConsent.name) {
    return pendingAuth
      ? `${ROUTES.ConnectorConsent.path}?${pendingAuth}`
      : ROUTES.ConnectorConsent.path;
  }
  return returnPathFor(nextUrl);
}

type InvitationOutcome = Awaited<ReturnType<typeof completeSignIn>>['invitation'];

/**
 * A sign-in that carried an invitation decides the destination itself: a new person has joined
 * and goes to the team; someone who already has a team confirms the move on the invite page,
 * because moving changes who holds their data-source logins.
 */
function invitationNextPath(invitation: InvitationOutcome): string | null {
  if (!invitation) return null;
  return invitation.outcome === 'confirm' ? invitationPath(invitation.token) : ROUTES.Team.path;
}

/**
 * The login callback: success only when the server says success === true. Then the
 * user is stored (logged-in flag on), the remembered nextUrl is spent, and the caller goes to
 * the screen it names.
 */
export async function finishSignIn(search: URLSearchParams): Promise<SignInResult> {
  try {
    const result = await completeSignIn(search);
    if (result.success !== true) return { ok: false, message: GENERIC_FAILURE };
    const store = useAppStore.getState();
    const nextUrl = result.nextUrl ?? store.nextUrl;
    const nextPath =
      invitationNextPath(result.invitation) ?? nextPathFor(nextUrl, store.pendingAuth);
    store.setUser(toSessionUser(result.user));
    store.setNextUrl(null);
    store.setPendingAuth(null);
    if (result.invitation?.outcome === 'joined') {
      showToast(`You joined ${result.invitation.teamName}`, { tone: 'success' });
      trackEvent('usersChanged', 'joined');
    }
    return { ok: true, nextPath };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError ? error.message : GENERIC_FAILURE };
  }
}
