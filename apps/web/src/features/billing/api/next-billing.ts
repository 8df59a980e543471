import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS } from './billing-query-keys.ts';

export type NextBilling = ResponseOf<typeof ENDPOINT_ROUTES.estimateNextBillingAmount>;

/**
 * The next renewal's amount and date (POST /api/billing/estimate/nextBillingAmount): a POST
 * that changes nothing, so it is read like any other query.
 */
export const nextBillingQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.nextBilling,
  queryFn: ({ signal }): Promise<NextBilling> =>
    apiCall(ENDPOINT_ROUTES.estimateNextBillingAmount, { body: {}, signal }),
});

/** Asked only when a renewal is coming (an active plan): a trial or an ended plan has none. */
export function useNextBilling(enabled: boolean) {
  return useQuery({ ...nextBillingQueryOptions, enabled });
}
