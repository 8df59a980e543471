import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { apiCall } from '../../../lib/api-client.ts';
import type { SwitchTarget } from '../admin-switch-cookies.ts';

/** Acts as a member of a team (POST /api/home/userSwitch); only a platform admin's session may. */
export function switchUser(target: SwitchTarget) {
  return apiCall(ENDPOINT_ROUTES.userSwitch, { body: target });
}

/**
 * "Return to admin" (POST /api/home/userSwitch/end), then `onEnded` takes the admin's own
 * session in. A switch that already ended by itself (409) leaves the same session: go on too.
 */
export function useEndUserSwitch(onEnded: () => Promise<void>) {
  return useMutation({
    mutationFn: async () => {
      try {
        await apiCall(ENDPOINT_ROUTES.endUserSwitch);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'CONFLICT')) throw error;
      }
      await onEnded();
    },
  });
}
