import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type AdminTeam = ResponseOf<typeof ENDPOINT_ROUTES.searchTeams>['teams'][number];

/** The shortest search the server accepts (team name or member email). */
export const MIN_SEARCH_LENGTH = 2;

/** Teams of this unit by name or member email (GET /api/admin/teams, platform admins). */
export function searchTeamsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['admin', 'teams', q],
    queryFn: async ({ signal }) =>
      (await apiCall(ENDPOINT_ROUTES.searchTeams, { query: { q }, signal })).teams,
  });
}

export function useSearchTeams(q: string) {
  return useQuery({
    ...searchTeamsQueryOptions(q),
    enabled: q.length >= MIN_SEARCH_LENGTH,
    // A search is a moment's answer: asking again asks the server again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
