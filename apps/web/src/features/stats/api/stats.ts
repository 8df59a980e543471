import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import type { StatsRange } from '../stats-range.ts';

export type Stats = ResponseOf<typeof ENDPOINT_ROUTES.getStats>;

/** Every chart of one range comes from this one request. */
export function statsQueryOptions(range: StatsRange) {
  return queryOptions({
    queryKey: ['stats', range.from, range.to, range.timeZone],
    queryFn: ({ signal }) => apiCall(ENDPOINT_ROUTES.getStats, { query: range, signal }),
    // The previous range stays drawn while the next one loads: no flash of empty charts.
    placeholderData: keepPreviousData,
  });
}

export function useStats(range: StatsRange, enabled: boolean) {
  return useQuery({ ...statsQueryOptions(range), enabled });
}
