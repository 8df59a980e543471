import { ENDPOINT_ROUTES, type ActivityAction, type ActivityEntry } from '@gds/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS } from './team-query-keys.ts';

/** What the Activity view filters by; empty strings mean "any". Dates are YYYY-MM-DD (UTC). */
export interface ActivityFilters {
  actor: string;
  action: ActivityAction | '';
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = { actor: '', action: '', from: '', to: '' };

const PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 500;

function activityPage(filters: ActivityFilters, before: string | undefined, limit: number) {
  return (signal?: AbortSignal) =>
    apiCall(ENDPOINT_ROUTES.getActivity, {
      query: {
        actor: filters.actor || undefined,
        action: filters.action || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        before,
        limit,
      },
      ...(signal ? { signal } : {}),
    });
}

/** The log newest first, one page at a time: the next page starts before the last entry. */
export function activityQueryOptions(filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: [...TEAM_KEYS.activity, filters],
    queryFn: ({ pageParam, signal }) => activityPage(filters, pageParam, PAGE_SIZE)(signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** While other filters load, the last answer stays on screen (and its person list with it). */
export function useActivity(filters: ActivityFilters, enabled: boolean) {
  return useInfiniteQuery({
    ...activityQueryOptions(filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every entry matching the filters, page after page until the server says there is no more.
 * A cursor that does not move would ask for the same page forever, so it stops with an error.
 */
export async function fetchAllActivity(filters: ActivityFilters): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await activityPage(filters, before, EXPORT_PAGE_SIZE)();
    entries.push(...page.entries);
    if (page.nextBefore === null) return entries;
    if (page.nextBefore === before) throw new Error('The activity log did not page forward.');
    before = page.nextBefore;
  }
}
