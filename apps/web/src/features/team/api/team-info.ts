import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS, refreshAfterChange } from './team-query-keys.ts';

/** The profile as the contract answers it (team, user, and the admin flags). */
export type TeamInfo = ResponseOf<typeof ENDPOINT_ROUTES.getTeamInfo>;

const NO_ADMIN: TeamInfo['admin'] = { platformAdmin: false, switch: null };

/**
 * A server from before the admin switch answers the profile without the admin block, which
 * means no admin rights (the app reads answers as they come, not through the contract's
 * defaults).
 */
function withAdminBlock(info: TeamInfo): TeamInfo {
  const { admin } = info as Partial<TeamInfo>;
  return admin ? info : { ...info, admin: NO_ADMIN };
}

/** The profile (GET /api/team/info): the user's team and the user with permissions. */
export const teamInfoQueryOptions = queryOptions({
  queryKey: TEAM_KEYS.info,
  queryFn: async ({ signal }): Promise<TeamInfo> =>
    withAdminBlock(await apiCall(ENDPOINT_ROUTES.getTeamInfo, { signal })),
});

export function useTeamInfo() {
  return useQuery(teamInfoQueryOptions);
}

/** Renames the team (edit_team) and puts the answer straight into the cached profile. */
export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiCall(ENDPOINT_ROUTES.updateTeamInfo, { body: { name } }),
    onSuccess: ({ team }) => {
      queryClient.setQueryData(teamInfoQueryOptions.queryKey, (old) =>
        old ? { ...old, team } : old,
      );
      refreshAfterChange(queryClient, []);
    },
  });
}
