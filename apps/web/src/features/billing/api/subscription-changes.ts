import { ENDPOINT_ROUTES, type SubscriptionDetails } from '@gds/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { trackEvent } from '../../../lib/analytics.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS } from './billing-query-keys.ts';
import { planUsageQueryOptions } from './plan-usage.ts';

/** Reasons offered when cancelling (GET /api/billing/churnReasons). */
export const churnReasonsQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.churnReasons,
  queryFn: async ({ signal }) =>
    (await apiCall(ENDPOINT_ROUTES.getChurnReasons, { signal })).reasons,
});

export function useChurnReasons(enabled: boolean) {
  return useQuery({ ...churnReasonsQueryOptions, enabled });
}

/** Puts the provider's answer into the cached plan at once, then refetches the billing state. */
function settle(queryClient: QueryClient, subscriptionDetails: SubscriptionDetails) {
  queryClient.setQueryData(planUsageQueryOptions.queryKey, (old) =>
    old ? { ...old, subscriptionDetails } : old,
  );
  void queryClient.invalidateQueries({ queryKey: BILLING_KEYS.all });
}

export interface CancelInput {
  reason: string;
  payload: string;
  /** Feedback already went with an earlier attempt whose cancel failed: only cancel again. */
  feedbackSent: boolean;
}

/**
 * Cancels at the end of the term: the reasons first (POST /api/billing/churnFeedback), then the
 * cancellation (POST /api/billing/cancelSubscription). Answers whether the feedback went, so
 * a retry after a failed cancel does not send it twice.
 */
export function useCancelSubscription(onFeedbackSent: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reason, payload, feedbackSent }: CancelInput) => {
      if (!feedbackSent) {
        await apiCall(ENDPOINT_ROUTES.submitChurnFeedback, { body: { reason, payload } });
        onFeedbackSent();
      }
      return (await apiCall(ENDPOINT_ROUTES.cancelSubscription, { body: {} })).subscriptionDetails;
    },
    onSuccess: (details) => {
      trackEvent('cancelSubscription', details.planId);
      settle(queryClient, details);
    },
  });
}

/** Takes back a scheduled cancellation (POST /api/billing/resumeSubscription). */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiCall(ENDPOINT_ROUTES.resumeSubscription, { body: {} })).subscriptionDetails,
    onSuccess: (details) => settle(queryClient, details),
  });
}
