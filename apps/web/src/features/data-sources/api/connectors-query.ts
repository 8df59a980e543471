import { ENDPOINTS, connectorListFromMap } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * The connector catalog (spec §3: 'all' and 'allowed' lists). Loaded once at start-up and
 * kept: spec §1 loads connectors only when none are in state.
 */
export const connectorsQueryOptions = queryOptions({
  queryKey: ['connectors'],
  queryFn: async ({ signal }) => {
    const all = connectorListFromMap(await apiCall(ENDPOINTS.getConnectorConfig, { signal }));
    return { all, allowed: all.filter((connector) => connector.allowed) };
  },
});

export function useConnectors() {
  return useQuery(connectorsQueryOptions);
}
