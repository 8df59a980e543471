import type { ResolvedItems } from './subscription-items.ts';
import { randomBytes } from 'node:crypto';
import type { ChangeScope } from './billing-changes.ts';
import { randomId } from './billing-changes.ts';
import { createBillingRepository, billingTables } from './billing.repository.ts';
import { hostedPageResource } from './billing-resources.ts';
import type { HostedPageRequest } from './billing-tables.ts';
import { epochOf } from './billing-terms.ts';
import type { Form } from './chargebee-wire.ts';
import { field, invalidRequest, resourceNotFound } from './chargebee-wire.ts';
import { catchUp } from './renewals.ts';
import {
  SANDBOX_BILLING_PATH,
  liveSubscription as live,
  requestedItems,
} from './billing-requests.ts';
import type { BillingServiceDeps } from './billing-requests.ts';

/** A hosted page can be paid for this long after it is made. */
const PAGE_SECONDS = 3 * 3600;

/** Items as a page keeps them: id and quantity, the plan first. */
const storable = (resolved: ResolvedItems) =>
  resolved.items.map(({ item_price_id, quantity }) => ({ item_price_id, quantity }));

/** Chargebee's hosted_pages calls: checkout (new or existing) and managing the card. */
export function createCheckoutPagesService(deps: BillingServiceDeps) {
  const read = () => createBillingRepository(billingTables(deps.db));
  /**
   * A page is served on the app origin it returns to (an allowed origin, checked when it was
   * made): paying never takes the browser off the host of the brand it is on, where its
   * session is.
   */
  const pageUrl = (id: string, request: HostedPageRequest) => {
    const back = request.redirect_url ?? request.cancel_url;
    const origin = back ? new URL(back).origin : new URL(deps.publicUrl).origin;
    return `${origin}${SANDBOX_BILLING_PATH}/pages/${id}`;
  };
  const requested = requestedItems;
  const liveSubscription = (scope: ChangeScope, id: string | undefined, param: string) =>
    live(deps, scope, id, param);

  function returnAddress(form: Form, name: string): string | undefined {
    const value = form[name];
    if (value === undefined || value === '') return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw invalidRequest(`${name} is not a valid address.`, name);
    }
    if (!deps.appOrigins.includes(url.origin)) {
      throw invalidRequest(
        `${name} must be an address of the app (${deps.appOrigins.join(', ')}).`,
        name,
      );
    }
    return url.toString();
  }

  /** Requested items, and coupons when the request names any (undefined: keep). */

  async function newPage(
    scope: ChangeScope,
    type: 'checkout_new' | 'checkout_existing' | 'manage_payment_sources',
    customerId: string,
    request: HostedPageRequest,
  ) {
    const id = randomId('sbx_');
    const at = epochOf(deps.clock);
    await scope.repo.insertHostedPage({
      id,
      type,
      customerId,
      request,
      formToken: randomBytes(24).toString('base64url'),
      at,
      expiresAt: at + PAGE_SECONDS,
    });
    const row = await scope.repo.findHostedPage(id);
    if (!row) throw new Error('the hosted page just stored is missing');
    return { hosted_page: hostedPageResource(row, pageUrl(id, row.request)) };
  }

  return {
    async checkoutNew(scope: ChangeScope, form: Form) {
      const customerId = field(form, 'customer', 'id');
      if (!customerId) throw invalidRequest('customer[id] is required.', 'customer[id]');
      const subscriptionId = field(form, 'subscription', 'id') ?? customerId;
      if (subscriptionId !== customerId) {
        throw invalidRequest(
          'The sandbox keeps one subscription per customer, named by the customer id.',
          'subscription[id]',
        );
      }
      // Items and coupons are checked now, so the app hears of a bad request before the browser goes anywhere.
      const { resolved, couponIds } = requested(form);
      const existing = await catchUp(scope, subscriptionId, epochOf(deps.clock));
      if (existing && existing.status !== 'cancelled') {
        throw invalidRequest(
          `The subscription ${subscriptionId} already exists. Change it with checkout_existing_for_items.`,
          'subscription[id]',
        );
      }
      return newPage(scope, 'checkout_new', customerId, {
        subscription_id: subscriptionId,
        email: field(form, 'customer', 'email') ?? '',
        items: storable(resolved),
        coupon_ids: couponIds ?? [],
        redirect_url: returnAddress(form, 'redirect_url'),
        cancel_url: returnAddress(form, 'cancel_url'),
      });
    },

    async checkoutExisting(scope: ChangeScope, form: Form) {
      const current = await liveSubscription(
        scope,
        field(form, 'subscription', 'id'),
        'subscription[id]',
      );
      const { resolved, couponIds } = requested(form);
      return newPage(scope, 'checkout_existing', current.customer_id, {
        subscription_id: current.id,
        items: storable(resolved),
        ...(couponIds ? { coupon_ids: couponIds } : {}),
        redirect_url: returnAddress(form, 'redirect_url'),
        cancel_url: returnAddress(form, 'cancel_url'),
      });
    },

    async managePaymentSources(scope: ChangeScope, form: Form) {
      const customerId = field(form, 'customer', 'id') ?? '';
      if (!(await scope.repo.findCustomer(customerId))) {
        throw resourceNotFound(
          `Sorry, we couldn't find that customer ${customerId}.`,
          'customer[id]',
        );
      }
      return newPage(scope, 'manage_payment_sources', customerId, {
        subscription_id: customerId,
        redirect_url: returnAddress(form, 'redirect_url'),
      });
    },

    async retrieveHostedPage(id: string) {
      const row = await read().findHostedPage(id);
      if (!row) throw resourceNotFound(`Sorry, we couldn't find that hosted page ${id}.`, 'id');
      return { hosted_page: hostedPageResource(row, pageUrl(id, row.request)) };
    },
  };
}

export type CheckoutPagesService = ReturnType<typeof createCheckoutPagesService>;
