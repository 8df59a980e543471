import { ENDPOINT_ROUTES, linkTokenSchema, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { apiCall } from '../../../lib/api-client.ts';

export type ClientLinkInfo = ResponseOf<typeof ENDPOINT_ROUTES.getClientLinkInfo>;
export type ClientConnectionResult = ResponseOf<typeof ENDPOINT_ROUTES.getClientConnectionResult>;

/** A link's path segment that cannot be a token names nothing: no need to ask the server. */
export function isClientLinkToken(token: string): boolean {
  return linkTokenSchema.safeParse(token).success;
}

/**
 * The server says the link or result names nothing. Anything else that fails (the network, a
 * busy server) is worth trying again and must not read as a dead link.
 */
export function isUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

/** What the client's page shows (GET /api/clientLinks/info), public. */
export function clientLinkInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['client-connect', 'info', token],
    queryFn: ({ signal }) =>
      apiCall(ENDPOINT_ROUTES.getClientLinkInfo, { query: { token }, signal }),
  });
}

export function useClientLinkInfo(token: string) {
  return useQuery({ ...clientLinkInfoQueryOptions(token), enabled: isClientLinkToken(token) });
}

/** Starts the provider's consent (POST /api/clientLinks/start): answers where to send the browser. */
export function useStartClientConnection() {
  return useMutation({
    mutationFn: async (body: { token: string; email: string }) =>
      (await apiCall(ENDPOINT_ROUTES.startClientConnection, { body })).authUri,
  });
}

/** How the client's connection ended (GET /api/clientLinks/result), for this browser only. */
export function useClientConnectionResult(id: string) {
  return useQuery({
    queryKey: ['client-connect', 'result', id],
    queryFn: ({ signal }) =>
      apiCall(ENDPOINT_ROUTES.getClientConnectionResult, { query: { id }, signal }),
    enabled: id !== '',
  });
}
