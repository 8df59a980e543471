import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { planUsageQueryOptions } from './plan-usage.ts';

export interface BillingFeedback {
  rating: 1 | 2 | 3 | 4 | 5;
  payload: string;
}

/**
 * The thank-you screen's "How did it go?" (POST /api/billing/feedback), once per team: after
 * it is sent (or the server says it already was), the cached plan says so and the form goes.
 */
export function useSubmitBillingFeedback() {
  const queryClient = useQueryClient();
  const markSubmitted = () =>
    queryClient.setQueryData(planUsageQueryOptions.queryKey, (old) =>
      old ? { ...old, plan: { ...old.plan, isFeedbackSubmitted: true } } : old,
    );
  return useMutation({
    mutationFn: ({ rating, payload }: BillingFeedback) =>
      apiCall(ENDPOINT_ROUTES.submitBillingFeedback, {
        body: { rating: String(rating) as '1' | '2' | '3' | '4' | '5', payload },
      }),
    onSuccess: markSubmitted,
  });
}
