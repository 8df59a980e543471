import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS } from './billing-query-keys.ts';
import { choiceBody, type PlanChoice } from './plan-choice.ts';

export type PlanEstimate = ResponseOf<typeof ENDPOINT_ROUTES.estimatePlan>;

// Proration moves with the clock: a preview older than this is asked again.
const ESTIMATE_FRESH_MS = 60_000;

/** The price preview of one choice (POST /api/billing/estimate); nothing is bought. */
export function estimateQueryOptions(choice: PlanChoice) {
  const body = choiceBody(choice);
  return queryOptions({
    queryKey: [...BILLING_KEYS.estimate, body],
    queryFn: ({ signal }): Promise<PlanEstimate> =>
      apiCall(ENDPOINT_ROUTES.estimatePlan, { body, signal }),
    staleTime: ESTIMATE_FRESH_MS,
    // A refused coupon or a bad quantity answers the same again; the person changes the choice.
    retry: false,
  });
}

/** The preview of the (debounced) choice; the last preview stays on screen while the next loads. */
export function useEstimate(choice: PlanChoice) {
  return useQuery({ ...estimateQueryOptions(choice), placeholderData: keepPreviousData });
}
