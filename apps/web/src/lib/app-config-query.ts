import { ENDPOINT_ROUTES } from '@gds/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';

/** Public front-end config (GET /api/home/config): demo mode, tag id, client ids. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: async ({ signal }) => (await apiCall(ENDPOINT_ROUTES.getConfig, { signal })).config,
});
