import { ENDPOINTS, type BodyOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type NewClientLink = BodyOf<typeof ENDPOINTS.createClientLink>;

/** The team's client connect links (GET /api/team/clientLinks, manage_data_sources). */
export const clientLinksQueryOptions = queryOptions({
  queryKey: ['clientLinks'],
  queryFn: async ({ signal }) => (await apiCall(ENDPOINTS.getClientLinks, { signal })).links,
});

export function useClientLinks(enabled: boolean) {
  return useQuery({ ...clientLinksQueryOptions, enabled });
}

/** Creates a link; its address is answered this once, to copy. */
export function useCreateClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClientLink) => apiCall(ENDPOINTS.createClientLink, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientLinksQueryOptions.queryKey }),
  });
}

/** Revokes a link: its page stops working at once. */
export function useRevokeClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(ENDPOINTS.revokeClientLink, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientLinksQueryOptions.queryKey }),
  });
}
