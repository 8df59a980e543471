import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '../../../lib/api-client.ts';

/** An account's quota state and the notices of its last week's reports. */
export type AccountFlags = ResponseOf<typeof ENDPOINT_ROUTES.getAccountFlags>['accounts'][number];

/**
 * The accounts' flags (GET /api/dataSources/accountFlags), asked for each answer of the list:
 * keyed by when the list was read, so they are read after it and again whenever it is.
 */
const accountFlagsQueryOptions = (listReadAt: number) =>
  queryOptions({
    queryKey: ['data-sources', 'account-flags', listReadAt],
    queryFn: async ({ signal }) =>
      (await apiCall(ENDPOINT_ROUTES.getAccountFlags, { signal })).accounts,
    enabled: listReadAt > 0,
    // The last flags stay on screen while the list's new ones load.
    placeholderData: keepPreviousData,
  });

const NONE: ReadonlyMap<string, AccountFlags> = new Map();

/** The flags by account id once read (none before, or when they cannot be read). */
export function useAccountFlags(listReadAt: number): ReadonlyMap<string, AccountFlags> {
  const flags = useQuery(accountFlagsQueryOptions(listReadAt)).data;
  return useMemo(() => (flags ? new Map(flags.map((f) => [f.accountId, f])) : NONE), [flags]);
}
