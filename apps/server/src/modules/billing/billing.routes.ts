import type { Config } from '../../config/config.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { unauthenticated } from '../../lib/errors.ts';
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
    getPlanUsage: ({ user }) => plan.planUsage(required(user)),
    getPlans: ({ user }) => plan.plans(required(user)),
    getAddons: ({ user }) => plan.addons(required(user)),
    estimatePlan: ({ user, body }) => checkout.estimate(required(user), body),
    estimateNextBillingAmount: ({ user }) => checkout.nextBillingAmount(required(user)),
    customizePlan: ({ user, body, req }) =>
      checkout.customize(required(user), body, appOriginOf(req, config)),
    updateSubscriptionWebhookStatus: ({ user }) => checkout.markPending(required(user)),
    confirmCheckout: async ({ user, body }) => {
      const outcome = await checkout.confirm(required(user), body.hostedPageId);
      return {
        outcome,
        subscriptionDetails: await plan.subscriptionDetails(required(user).teamId),
      };
    },
    dropCheckout: async ({ user }) => {
      const outcome = await checkout.drop(required(user));
      return {
        outcome,
        subscriptionDetails: await plan.subscriptionDetails(required(user).teamId),
      };
    },
    updateCard: ({ user, req }) => account.updateCard(required(user), appOriginOf(req, config)),
    getInvoices: ({ user }) => account.invoices(required(user)),
    downloadInvoice: ({ user, body }) => account.downloadInvoice(required(user), body.id),
    getChurnReasons: ({ user }) => {
      required(user);
      return Promise.resolve(account.churnReasons());
    },
    submitChurnFeedback: ({ user, body }) => account.churnFeedback(required(user), body),
    cancelSubscription: ({ user }) => account.cancel(required(user)),
    resumeSubscription: ({ user }) => account.resume(required(user)),
    submitBillingFeedback: ({ user, body }) => account.feedback(required(user), body),
  };
}

/** Private routes never run without a user; this keeps that true if a declaration changes. */
function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
