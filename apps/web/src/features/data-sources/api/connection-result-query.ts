import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type ConnectionOutcome = ResponseOf<typeof ENDPOINT_ROUTES.getConnectionResult>;

/**
 * How an OAuth connection ended, as the server recorded it for this browser session
 * (GET /api/dataSources/connectionResult?id=…). It never changes, so it is asked once.
 */
export function connectionResultQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['connection-result', id],
    queryFn: ({ signal }): Promise<ConnectionOutcome> =>
      apiCall(ENDPOINT_ROUTES.getConnectionResult, { query: { id }, signal }),
  });
}
