import { ENDPOINT_ROUTES, type ConnectorGrant } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type { ConnectorGrant };

/** The team's Looker Studio connector grants (GET /api/dataSources/connectorGrants). */
export const connectorGrantsQueryOptions = queryOptions({
  queryKey: ['data-sources', 'connector-grants'],
  queryFn: async ({ signal }) =>
    (await apiCall(ENDPOINT_ROUTES.getConnectorGrants, { signal })).grants,
});

export function useConnectorGrants() {
  return useQuery(connectorGrantsQueryOptions);
}

/** Revokes a grant: the connector's next request is refused. */
export function useRevokeConnectorGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) =>
      apiCall(ENDPOINT_ROUTES.revokeConnectorGrant, { params: { grantId } }),
    onSuccess: (_answer, grantId) => {
      queryClient.setQueryData(connectorGrantsQueryOptions.queryKey, (old) =>
        old?.filter((grant) => grant.id !== grantId),
      );
      void queryClient.invalidateQueries({ queryKey: connectorGrantsQueryOptions.queryKey });
    },
  });
}
