import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '../../../lib/analytics.ts';
import { apiCall } from '../../../lib/api-client.ts';
import type { TeamInfo } from './team-info.ts';
import { TEAM_KEYS, refreshAfterChange } from './team-query-keys.ts';

/**
 * Gives a member another role (manage_members). Role member counts change with it, and when
 * the member is the caller their own permissions do too, so the profile is fetched again.
 */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; roleId: string }) =>
      apiCall(ENDPOINT_ROUTES.updateTeamUser, { body: input }),
    onSuccess: (_answer, { userId }) => {
      trackEvent('usersChanged', 'role changed');
      const me = queryClient.getQueryData<TeamInfo>(TEAM_KEYS.info)?.user.id;
      const touched = [TEAM_KEYS.users, TEAM_KEYS.roles];
      refreshAfterChange(queryClient, userId === me ? [...touched, TEAM_KEYS.info] : touched);
    },
  });
}

/** Removes a member; the data-source credentials they authorised move to `transferTo`. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; transferTo?: string | undefined }) =>
      apiCall(ENDPOINT_ROUTES.removeTeamUser, { query: input }),
    onSuccess: () => {
      trackEvent('usersChanged', 'removed');
      refreshAfterChange(queryClient, [TEAM_KEYS.users, TEAM_KEYS.roles]);
    },
  });
}

/** The caller leaves the team. Their session ends with it: the screen goes to /logout. */
export function useLeaveTeam() {
  return useMutation({ mutationFn: () => apiCall(ENDPOINT_ROUTES.leaveTeam, { body: {} }) });
}
