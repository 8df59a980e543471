import { ENDPOINT_ROUTES, MESSAGES, type BusinessUnit, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { groupedDataQueryOptions } from './grouped-data-query.ts';

export type ConnectionStart = ResponseOf<typeof ENDPOINT_ROUTES.startConnection>;
export type CredentialFormResult = ResponseOf<typeof ENDPOINT_ROUTES.submitFormLogin>;

export interface StartConnectionInput {
  connectorId: number;
  masterEmail: string | undefined;
  businessUnit: BusinessUnit;
  /** Reconnects this credential in place instead of adding one. */
  credentialId?: string | undefined;
  /** The dashboard tool's return address (the /auth page). */
  redirectUri?: string | undefined;
}

/**
 * Starts a connection: GET /api/auth/?integration_type={id}&masterEmail={email}&type=reauth&
 * business_unit={unit}, plus credentialId or redirectUri when given.
 */
export function startConnection(input: StartConnectionInput, signal?: AbortSignal) {
  return apiCall(ENDPOINT_ROUTES.startConnection, {
    query: {
      integration_type: input.connectorId,
      masterEmail: input.masterEmail,
      type: 'reauth',
      business_unit: input.businessUnit,
      credentialId: input.credentialId,
      redirectUri: input.redirectUri,
    },
    ...(signal ? { signal } : {}),
  });
}

/**
 * The /auth page's start: asked once per visit and never reused, since its state is
 * single-use (a credential form spends it) and its credentials list grows as they are added.
 */
export function connectionStartQueryOptions(input: StartConnectionInput) {
  return queryOptions({
    queryKey: ['connection-start', input],
    queryFn: ({ signal }) => startConnection(input, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Posts the credential form: the connector's fields plus the start's state. Whatever the
 * outcome, a data-sources update is announced (the grouped list is refetched).
 */
export function useSubmitCredentialForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) =>
      apiCall(ENDPOINT_ROUTES.submitFormLogin, { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupedDataQueryOptions.queryKey });
    },
  });
}

/**
 * The toast for a start that failed: network errors and 5xx are 'Could not make a
 * connection.  Please try again'; a refusal the server explains (409 plan limit, 403, ...)
 * names its reason, as an auth answer with an error does ('Could not make a connection: ...').
 */
export function connectionFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.code !== 'HTTP_ERROR') {
    return MESSAGES.connectionError(error.message);
  }
  return MESSAGES.connectionFailed;
}
