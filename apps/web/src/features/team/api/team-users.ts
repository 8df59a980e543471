import { ENDPOINTS } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** The team's members (GET /api/team/users). */
export const teamUsersQueryOptions = queryOptions({
  queryKey: ['team', 'users'],
  queryFn: async ({ signal }) => (await apiCall(ENDPOINTS.getTeamUsers, { signal })).users,
});

export function useTeamUsers() {
  return useQuery(teamUsersQueryOptions);
}
