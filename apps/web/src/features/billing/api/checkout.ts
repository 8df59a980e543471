import { ENDPOINT_ROUTES } from '@gds/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { choiceBody, type PlanChoice } from './plan-choice.ts';

export interface CheckoutInput {
  choice: PlanChoice;
  /** Made once per opened form, so a retry or a second click answers the same page. */
  idempotencyKey: string;
}

/**
 * Checkout: the provider's hosted page for the choice (POST /api/billing/customize), then the
 * plan is marked as waiting for the provider's confirmation. Answers the page address.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ choice, idempotencyKey }: CheckoutInput) => {
      const { hostedPageUrl } = await apiCall(ENDPOINT_ROUTES.customizePlan, {
        body: { ...choiceBody(choice), idempotencyKey },
      });
      await apiCall(ENDPOINT_ROUTES.updateSubscriptionWebhookStatus, {
        body: { webhookStatus: 'pending' },
      });
      return hostedPageUrl;
    },
  });
}

/** The provider's hosted page for adding or replacing the card (POST /api/billing/updateCard). */
export function useUpdateCard() {
  return useMutation({
    mutationFn: async () => (await apiCall(ENDPOINT_ROUTES.updateCard, { body: {} })).hostedPageUrl,
  });
}
