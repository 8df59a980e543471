import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS } from './team-query-keys.ts';

export type TeamUsers = ResponseOf<typeof ENDPOINT_ROUTES.getTeamUsers>;
export type Seats = TeamUsers['seats'];

/** The team's members and its seats (GET /api/team/users). */
export const teamUsersQueryOptions = queryOptions({
  queryKey: TEAM_KEYS.users,
  queryFn: ({ signal }): Promise<TeamUsers> => apiCall(ENDPOINT_ROUTES.getTeamUsers, { signal }),
});

export function useTeamUsers() {
  return useQuery(teamUsersQueryOptions);
}
