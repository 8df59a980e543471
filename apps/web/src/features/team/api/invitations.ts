import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS, refreshAfterChange } from './team-query-keys.ts';

export type SentInvitation = ResponseOf<typeof ENDPOINT_ROUTES.createInvitation>;

/** Pending and expired invitations (GET /api/team/invitations, manage_members only). */
export const invitationsQueryOptions = queryOptions({
  queryKey: TEAM_KEYS.invitations,
  queryFn: async ({ signal }) =>
    (await apiCall(ENDPOINT_ROUTES.getInvitations, { signal })).invitations,
});

/** Asked only by people who may manage members: anyone else would get a 403. */
export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions, enabled });
}

// An invitation holds a seat while pending, so every change here moves the seat count too.
const TOUCHED = [TEAM_KEYS.invitations, TEAM_KEYS.users];

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; roleId: string }) =>
      apiCall(ENDPOINT_ROUTES.createInvitation, { body }),
    onSuccess: () => refreshAfterChange(queryClient, TOUCHED),
  });
}

/** A new link (the old one stops working), emailed again and valid for another 7 days. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(ENDPOINT_ROUTES.resendInvitation, { body: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, TOUCHED),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(ENDPOINT_ROUTES.revokeInvitation, { query: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, TOUCHED),
  });
}
