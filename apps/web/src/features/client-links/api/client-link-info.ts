import { ENDPOINTS, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { isLinkToken } from '../../../lib/link-token.ts';

export type ClientLinkInfo = ResponseOf<typeof ENDPOINTS.getClientLinkInfo>;

/** What the client's page shows (GET /api/clientLinks/info), public. */
export function clientLinkInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['clientLinks', 'info', token],
    queryFn: ({ signal }) => apiCall(ENDPOINTS.getClientLinkInfo, { query: { token }, signal }),
  });
}

export function useClientLinkInfo(token: string) {
  return useQuery({ ...clientLinkInfoQueryOptions(token), enabled: isLinkToken(token) });
}

/** Starts the provider's consent for the client; the browser leaves for it on success. */
export function useStartClientConnection() {
  return useMutation({
    mutationFn: async (body: { token: string; email: string }) =>
      (await apiCall(ENDPOINTS.startClientConnection, { body })).authUri,
    onSuccess: (authUri) => window.location.assign(authUri),
  });
}
