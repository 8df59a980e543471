import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type FieldCatalogue = ResponseOf<typeof ENDPOINT_ROUTES.getAccountFields>;

/** Whose fields the explorer shows: one of the team's accounts, or a connector's standard ones. */
export type FieldSource =
  { kind: 'account'; accountId: string } | { kind: 'connector'; connectorId: number };

/**
 * The fields a report can ask (GET /api/dataSources/accountFields/:accountId, or
 * connectorFields/:connectorId before connecting). A refusal (no field list for that connector)
 * is shown as it is, not retried.
 */
export function fieldCatalogueQueryOptions(source: FieldSource) {
  return queryOptions({
    queryKey: [
      'data-sources',
      'fields',
      source.kind,
      source.kind === 'account' ? source.accountId : source.connectorId,
    ],
    queryFn: ({ signal }): Promise<FieldCatalogue> =>
      source.kind === 'account'
        ? apiCall(ENDPOINT_ROUTES.getAccountFields, {
            params: { accountId: source.accountId },
            signal,
          })
        : apiCall(ENDPOINT_ROUTES.getConnectorFields, {
            params: { connectorId: String(source.connectorId) },
            signal,
          }),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

export function useFieldCatalogue(source: FieldSource) {
  return useQuery(fieldCatalogueQueryOptions(source));
}
