import { ENDPOINT_ROUTES, type Addon, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS } from './billing-query-keys.ts';

export type PlanPrices = ResponseOf<typeof ENDPOINT_ROUTES.getPlans>;

/** The skin's plan prices per period (GET /api/billing/plans). */
export const plansQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.plans,
  queryFn: ({ signal }): Promise<PlanPrices> => apiCall(ENDPOINT_ROUTES.getPlans, { signal }),
});

/** The add-ons the skin sells (GET /api/billing/addons). */
export const addonsQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.addons,
  queryFn: async ({ signal }): Promise<Addon[]> =>
    (await apiCall(ENDPOINT_ROUTES.getAddons, { signal })).addons,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}

export function useAddons() {
  return useQuery(addonsQueryOptions);
}
