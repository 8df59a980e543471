import { ENDPOINT_ROUTES, connectorListFromMap, type ConnectorInfo } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** A catalog connector with its id taken from the map key. */
export type Connector = ConnectorInfo & { id: number };

/**
 * The connector catalog ('all' and 'allowed' lists). Loaded once at start-up and
 * kept: start-up loads connectors only when none are in state. It asks for all connectors so
 * the gallery can show the ones the plan does not include, with what it takes to get them.
 */
export const connectorsQueryOptions = queryOptions({
  queryKey: ['connectors'],
  queryFn: async ({ signal }) => {
    const map = await apiCall(ENDPOINT_ROUTES.getConnectorConfig, {
      query: { all: 'true' },
      signal,
    });
    const all: Connector[] = connectorListFromMap(map);
    return {
      all,
      allowed: all.filter((connector) => connector.allowed),
      byId: new Map(all.map((connector) => [connector.id, connector])),
    };
  },
});

export function useConnectors() {
  return useQuery(connectorsQueryOptions);
}
