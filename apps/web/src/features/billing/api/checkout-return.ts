import { ENDPOINT_ROUTES, type CheckoutOutcome } from '@gds/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { refreshAfterPlanChange } from './billing-query-keys.ts';
import { planUsageQueryOptions } from './plan-usage.ts';

/**
 * Back from the provider's hosted page (`?id=<hosted page id>&state=…`): asks the server to
 * settle the plan with what became of that page (POST /api/billing/checkout/confirm), once per
 * page, so a paid plan shows its new limits at once and a cancelled one stops "confirming".
 * The page id leaves the address afterwards, so a reload does not ask again. Answers the
 * outcome once known.
 */
export function useCheckoutReturn(enabled: boolean): {
  outcome: CheckoutOutcome | undefined;
  pending: boolean;
  error: unknown;
} {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const hostedPageId = params.get('id');
  const asked = useRef<string | null>(null);
  const confirm = useMutation({
    mutationFn: (id: string) =>
      apiCall(ENDPOINT_ROUTES.confirmCheckout, { body: { hostedPageId: id } }),
    onSuccess: ({ subscriptionDetails }) => {
      queryClient.setQueryData(planUsageQueryOptions.queryKey, (old) =>
        old ? { ...old, subscriptionDetails } : old,
      );
      refreshAfterPlanChange(queryClient);
    },
  });
  const { mutate } = confirm;

  useEffect(() => {
    if (!enabled || !hostedPageId || asked.current === hostedPageId) return;
    asked.current = hostedPageId;
    mutate(hostedPageId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('id');
        next.delete('state');
        return next;
      },
      { replace: true },
    );
  }, [enabled, hostedPageId, mutate, setParams]);

  return { outcome: confirm.data?.outcome, pending: confirm.isPending, error: confirm.error };
}

/**
 * Gives up the checkout left open on the provider's page (POST /api/billing/checkout/drop): the
 * plan stops "confirming". A page paid meanwhile comes back stored as paid.
 */
export function useDropCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ENDPOINT_ROUTES.dropCheckout, { body: {} }),
    onSuccess: ({ subscriptionDetails }) => {
      queryClient.setQueryData(planUsageQueryOptions.queryKey, (old) =>
        old ? { ...old, subscriptionDetails } : old,
      );
      refreshAfterPlanChange(queryClient);
    },
  });
}
