import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation } from '@tanstack/react-query';
import { trackEvent } from '../../../lib/analytics.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** Joins the inviting team as the signed-in invitee (POST /api/invitations/accept). */
export async function acceptInvitation(token: string): Promise<string> {
  const { teamName } = await apiCall(ENDPOINT_ROUTES.acceptInvitation, { body: { token } });
  trackEvent('usersChanged', 'joined');
  return teamName;
}

/**
 * Accepts, then lets the app take the new team in (`onJoined`: the session changed, so every
 * cached answer belongs to the old team). The button stays busy through both.
 */
export function useAcceptInvitation(onJoined: (teamName: string) => Promise<void>) {
  return useMutation({
    mutationFn: async (token: string) => onJoined(await acceptInvitation(token)),
  });
}
