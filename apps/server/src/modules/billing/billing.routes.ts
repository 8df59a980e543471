import type { Config } from '../../config/config.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { Handlers } from '../../http/route.ts';
import type { BillingAccountService } from './billing-account.service.ts';
import type { CheckoutService } from './billing-checkout.service.ts';
import type { BillingService } from './billing.service.ts';

type BillingEndpoint =
  | 'getPlanUsage'
  | 'getPlans'
  | 'getAddons'
  | 'estimatePlan'
  | 'estimateNextBillingAmount'
  | 'customizePlan'
  | 'updateSubscriptionWebhookStatus'
  | 'confirmCheckout'
  | 'dropCheckout'
  | 'updateCard'
  | 'getInvoices'
  | 'downloadInvoice'
  | 'getChurnReasons'
  | 'submitChurnFeedback'
  | 'cancelSubscription'
  | 'resumeSubscription'
  | 'submitBillingFeedback';

/** The Billing screen's calls; every one needs edit_billing (declared in the contract). */
export function billingHandlers(deps: {
  plan: BillingService;
  checkout: CheckoutService;
  account: BillingAccountService;
  config: Pick<Config, 'appOrigins'>;
}): Pick<Handlers, BillingEndpoint> {
  const { plan, checkout, account, config } = deps;
  return {
    getPlanUsage: ({ user }) => plan.planUsage(user),
    getPlans: ({ user }) => plan.plans(user),
    getAddons: ({ user }) => plan.addons(user),
    estimatePlan: ({ user, body }) => checkout.estimate(user, body),
    estimateNextBillingAmount: ({ user }) => checkout.nextBillingAmount(user),
    customizePlan: ({ user, body, req }) =>
      checkout.customize(user, body, appOriginOf(req, config)),
    updateSubscriptionWebhookStatus: ({ user }) => checkout.markPending(user),
    confirmCheckout: async ({ user, body }) => {
      const outcome = await checkout.confirm(user, body.hostedPageId);
      return {
        outcome,
        subscriptionDetails: await plan.subscriptionDetails(user.teamId),
      };
    },
    dropCheckout: async ({ user }) => {
      const outcome = await checkout.drop(user);
      return {
        outcome,
        subscriptionDetails: await plan.subscriptionDetails(user.teamId),
      };
    },
    updateCard: ({ user, req }) => account.updateCard(user, appOriginOf(req, config)),
    getInvoices: ({ user }) => account.invoices(user),
    downloadInvoice: ({ user, body }) => account.downloadInvoice(user, body.id),
    getChurnReasons: () => Promise.resolve(account.churnReasons()),
    submitChurnFeedback: ({ user, body }) => account.churnFeedback(user, body),
    cancelSubscription: ({ user }) => account.cancel(user),
    resumeSubscription: ({ user }) => account.resume(user),
    submitBillingFeedback: ({ user, body }) => account.feedback(user, body),
  };
}
