import { DEFAULT_LOGIN_CHECK_INTERVAL_MS, DEFAULT_TOKEN_CHECK_INTERVAL_MS } from '@gds/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkSession } from '../../features/sign-in/api/sign-in.ts';
import { groupedDataQueryOptions } from '../../features/data-sources/api/grouped-data-query.ts';
import { appConfigQueryOptions } from '../../lib/app-config-query.ts';
import { useVisibleInterval } from '../../lib/use-visible-interval.ts';

/**
 * Timed checks, while signed in and the tab is visible: the sign-in check (an ended
 * session goes through the logged-out flow) and the data-source health refresh (a credential that
 * needs reconnecting shows without a reload). Quiet: no overlay, no toast on success.
 */
export function useTimedChecks(): void {
  const queryClient = useQueryClient();
  const { data: config } = useQuery(appConfigQueryOptions);
  const loginCheckMs = config?.loginCheckIntervalMs ?? DEFAULT_LOGIN_CHECK_INTERVAL_MS;
  const tokenCheckMs = config?.tokenCheckIntervalMs ?? DEFAULT_TOKEN_CHECK_INTERVAL_MS;

  useVisibleInterval(() => void checkSession(), loginCheckMs);
  useVisibleInterval(() => {
    void queryClient.invalidateQueries({ queryKey: groupedDataQueryOptions.queryKey });
  }, tokenCheckMs);
}
