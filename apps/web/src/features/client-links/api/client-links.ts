import { ENDPOINT_ROUTES, type BodyOf, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type CreatedClientLink = ResponseOf<typeof ENDPOINT_ROUTES.createClientLink>;
export type NewClientLink = BodyOf<typeof ENDPOINT_ROUTES.createClientLink>;

const KEY = ['client-links'] as const;

/** The team's client links (GET /api/team/clientLinks, manage_data_sources only). */
export const clientLinksQueryOptions = queryOptions({
  queryKey: KEY,
  queryFn: async ({ signal }) => (await apiCall(ENDPOINT_ROUTES.getClientLinks, { signal })).links,
});

/** Asked only by people who may manage data sources: anyone else would get a 403. */
export function useClientLinks(enabled: boolean) {
  return useQuery({ ...clientLinksQueryOptions, enabled });
}

export function useCreateClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClientLink) => apiCall(ENDPOINT_ROUTES.createClientLink, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export type ReconnectRequest = BodyOf<typeof ENDPOINT_ROUTES.askToReconnect>;

/** Emails a login's owner a link to reconnect it; the new link joins the team's list. */
export function useAskToReconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReconnectRequest) => apiCall(ENDPOINT_ROUTES.askToReconnect, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(ENDPOINT_ROUTES.revokeClientLink, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
