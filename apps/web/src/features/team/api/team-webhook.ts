import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS, refreshAfterChange } from './team-query-keys.ts';

export type TeamWebhookData = ResponseOf<typeof ENDPOINT_ROUTES.getTeamWebhook>;

/** The team's webhook and its delivery log (members who may edit the team). */
export const teamWebhookQueryOptions = queryOptions({
  queryKey: TEAM_KEYS.webhook,
  queryFn: ({ signal }): Promise<TeamWebhookData> =>
    apiCall(ENDPOINT_ROUTES.getTeamWebhook, { signal }),
});

/** While a delivery waits for its answer or a retry, the log is read again every few seconds. */
export function useTeamWebhook() {
  return useQuery({
    ...teamWebhookQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 5_000 : false,
  });
}

export function useSaveTeamWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => apiCall(ENDPOINT_ROUTES.saveTeamWebhook, { body: { url } }),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.webhook]),
  });
}

export function useRotateTeamWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ENDPOINT_ROUTES.rotateTeamWebhookSecret, {}),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.webhook]),
  });
}

export function useDeleteTeamWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ENDPOINT_ROUTES.deleteTeamWebhook, {}),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.webhook]),
  });
}

export function useSendTeamWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ENDPOINT_ROUTES.sendTeamWebhookTest, {}),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.webhook]),
  });
}
