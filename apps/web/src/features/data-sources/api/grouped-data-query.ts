import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type GroupedData = ResponseOf<typeof ENDPOINT_ROUTES.getGroupedData>;
export type ConnectorGroup = GroupedData['groups'][number];
/** A stored provider authorization of the team, with its health and its accounts. */
export type Credential = ConnectorGroup['credentials'][number];

/**
 * Every credential and account of the team, grouped by connector
 * (GET /api/dataSources/groupedData). Invalidated whenever a connection, delete or restore may
 * have changed it (the app announces a data-sources update) and by the layout's periodic
 * health check.
 */
export const groupedDataQueryOptions = queryOptions({
  queryKey: ['data-sources', 'grouped'],
  queryFn: ({ signal }): Promise<GroupedData> =>
    apiCall(ENDPOINT_ROUTES.getGroupedData, { signal }),
});

export function useGroupedData() {
  return useQuery(groupedDataQueryOptions);
}
