import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS, refreshAfterPlanChange } from './billing-query-keys.ts';

export type PlanUsage = ResponseOf<typeof ENDPOINT_ROUTES.getPlanUsage>;

/** How often the plan is asked again while the payment provider has not confirmed a change. */
export const CONFIRMING_POLL_MS = 3000;

export const planUsageQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.planUsage,
  queryFn: ({ signal }): Promise<PlanUsage> => apiCall(ENDPOINT_ROUTES.getPlanUsage, { signal }),
});

export function isConfirming(usage: PlanUsage | undefined): boolean {
  return usage?.subscriptionDetails.webhook_status === 'pending';
}

/**
 * The team's plan, subscription and usage (GET /api/billing/planUsage). While a purchase waits
 * for the provider's confirmation it is asked again every few seconds; when the confirmation
 * lands, everything that depends on the plan is refetched so new limits show at once.
 */
export function usePlanUsage(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...planUsageQueryOptions,
    enabled,
    refetchInterval: (current) => (isConfirming(current.state.data) ? CONFIRMING_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  const confirming = isConfirming(query.data);
  const wasConfirming = useRef(confirming);
  useEffect(() => {
    if (wasConfirming.current && !confirming) refreshAfterPlanChange(queryClient);
    wasConfirming.current = confirming;
  }, [confirming, queryClient]);
  return query;
}
