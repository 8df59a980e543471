import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/**
 * Data loads only when empty or forced: queries never go stale on their own; screens
 * that need fresh data refetch or invalidate explicitly.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; only network and 5xx errors are worth a retry.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
