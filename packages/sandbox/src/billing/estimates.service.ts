import type { ChangeScope } from './billing-changes.ts';
import { change } from './billing-changes.ts';
import { epochOf } from './billing-terms.ts';
import type { Form } from './chargebee-wire.ts';
import { field, invalidRequest, isTrue } from './chargebee-wire.ts';
import { invoiceEstimate } from './invoice-builder.ts';
import { liveSubscription as live, requestedItems } from './billing-requests.ts';
import type { BillingServiceDeps } from './billing-requests.ts';
import { priceChange } from './subscription-pricing.ts';

/** Chargebee's estimates: a new subscription's first invoice, and a change's prorated one. */
export function createEstimatesService(deps: BillingServiceDeps) {
  const requested = requestedItems;
  const liveSubscription = (scope: ChangeScope, id: string | undefined, param: string) =>
    live(deps, scope, id, param);

  return {
    estimateNew(form: Form) {
      const { resolved, coupons } = requested(form);
      const id = field(form, 'subscription', 'id') ?? 'estimate';
      const now = epochOf(deps.clock);
      const priced = priceChange({
        customerId: id,
        subscriptionId: id,
        current: undefined,
        resolved,
        coupons: coupons ?? [],
        now,
      });
      return {
        estimate: {
          created_at: now,
          subscription_estimate: {
            status: 'active',
            next_billing_at: priced.planned.termEnd,
            currency_code: 'USD',
            object: 'subscription_estimate',
          },
          invoice_estimate: invoiceEstimate(priced.invoice, id),
          next_invoice_estimate: invoiceEstimate(priced.next, id),
          object: 'estimate',
        },
      };
    },

    estimateChange: (form: Form) =>
      change(deps, async (scope) => {
        const id = field(form, 'subscription', 'id');
        const current = await liveSubscription(scope, id, 'subscription[id]');
        if (!isTrue(form.replace_items_list)) {
          throw invalidRequest(
            'The sandbox prices whole item lists: send replace_items_list=true.',
            'replace_items_list',
          );
        }
        const { resolved, coupons } = requested(form);
        const now = epochOf(deps.clock);
        const priced = priceChange({
          customerId: current.customer_id,
          subscriptionId: current.id,
          current,
          resolved,
          coupons,
          now,
        });
        return {
          estimate: {
            created_at: now,
            subscription_estimate: {
              id: current.id,
              status: current.status === 'cancelled' ? 'active' : current.status,
              next_billing_at: priced.planned.termEnd,
              currency_code: 'USD',
              object: 'subscription_estimate',
            },
            invoice_estimate: invoiceEstimate(priced.invoice, current.customer_id),
            next_invoice_estimate: invoiceEstimate(priced.next, current.customer_id),
            object: 'estimate',
          },
        };
      }),
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;
