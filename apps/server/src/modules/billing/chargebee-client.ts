import Chargebee from 'chargebee';
import type {
  Card,
  Coupon,
  Customer,
  Estimate,
  Event,
  HostedPage,
  Invoice,
  ItemPrice,
  PaymentSource,
  Subscription,
  Transaction,
} from 'chargebee';
import type { BillingSettings } from '../../config/billing-settings.ts';
import { AppError } from '../../lib/errors.ts';
import {
  BILLING_MESSAGES,
  isNotFound,
  loggableProviderError,
  toAppError,
} from './billing-errors.ts';

/** A subscription item as checkouts and estimates send it. */
export interface SubscriptionItem {
  item_price_id: string;
  quantity?: number;
}

/** What a checkout or an estimate asks for: the items replacing the current ones, a coupon. */
export interface ItemsRequest {
  items: SubscriptionItem[];
  coupon?: string | undefined;
}

/** The subscription as the provider holds it now, with its customer and card. */
export interface ProviderSubscription {
  subscription: Subscription;
  customer: Customer;
  card: Card | undefined;
}

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The one client of the billing provider: Chargebee's API through the official package (or the
 * sandbox speaking it in demo mode). Every call is bounded by a timeout; failures become
 * AppErrors with plain messages and are logged without headers or keys.
 */
export function createChargebeeClient(
  settings: BillingSettings | undefined,
  options: { timeoutMs: number; log: Log },
) {
  const chargebee = settings
    ? new Chargebee({
        ...settings.client,
        // The sandbox serves Chargebee's API under its own path; the type lists only Chargebee's.
        apiPath: (settings.client.apiPath ?? '/api/v2') as '/api/v2',
        timeout: options.timeoutMs,
        sdkTelemetryEnabled: false,
      })
    : undefined;

  /** Runs one provider call, mapping its failure (the coupon named, when there is one). */
  async function run<T>(
    what: string,
    call: (cb: Chargebee) => Promise<T>,
    coupon?: string,
  ): Promise<T> {
    if (!chargebee) throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.notConnected);
    try {
      return await call(chargebee);
    } catch (error) {
      // A 404 is an answer (no such coupon or subscription), not a failure worth a log line.
      if (!isNotFound(error)) {
        options.log.warn(
          { provider: loggableProviderError(error) },
          `billing provider: ${what} failed`,
        );
      }
      throw toAppError(error, { coupon });
    }
  }

  /** Runs a lookup whose 404 means "none": undefined then, any other failure mapped. */
  async function find<T>(
    what: string,
    call: (cb: Chargebee) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await run(what, call);
    } catch (error) {
      if (error instanceof AppError && isNotFound(error.cause)) return undefined;
      throw error;
    }
  }

  const items = (request: ItemsRequest) => ({
    subscription_items: request.items,
    ...(request.coupon ? { coupon_ids: [request.coupon] } : {}),
  });

  return {
    /** The active item prices of one item family (a business unit's catalogue). */
    async itemPrices(family: string): Promise<ItemPrice[]> {
      const answer = await run('listing item prices', (cb) =>
        cb.itemPrice.list({
          item_family_id: { is: family },
          status: { is: 'active' },
          limit: 100,
        }),
      );
      return answer.list.map((entry) => entry.item_price);
    },

    /** A coupon by its code; undefined when the provider knows no such coupon. */
    async coupon(code: string): Promise<Coupon | undefined> {
      return (await find('reading a coupon', (cb) => cb.coupon.retrieve(code)))?.coupon;
    },

    /** Price of a first subscription (the team has none at the provider yet). */
    async estimateNew(request: ItemsRequest): Promise<Estimate> {
      const answer = await run(
        'estimating a new subscription',
        (cb) => cb.estimate.createSubItemEstimate(items(request)),
        request.coupon,
      );
      return answer.estimate;
    },

    /** Price of changing the team's subscription to these items, prorated. */
    async estimateChange(subscriptionId: string, request: ItemsRequest): Promise<Estimate> {
      const answer = await run(
        'estimating a subscription change',
        (cb) =>
          cb.estimate.updateSubscriptionForItems({
            subscription: { id: subscriptionId },
            replace_items_list: true,
            ...items(request),
          }),
        request.coupon,
      );
      return answer.estimate;
    },

    /** A hosted checkout page creating the team's first subscription. */
    async checkoutNew(
      input: ItemsRequest & {
        teamId: string;
        email: string;
        redirectUrl: string;
        cancelUrl: string;
        idempotencyKey: string;
      },
    ): Promise<HostedPage> {
      const answer = await run(
        'starting a checkout',
        (cb) =>
          cb.hostedPage.checkoutNewForItems(
            {
              customer: { id: input.teamId, email: input.email },
              subscription: { id: input.teamId },
              ...items(input),
              redirect_url: input.redirectUrl,
              cancel_url: input.cancelUrl,
            },
            { 'chargebee-idempotency-key': input.idempotencyKey },
          ),
        input.coupon,
      );
      return answer.hosted_page;
    },

    /** A hosted checkout page changing the team's subscription to these items. */
    async checkoutExisting(
      input: ItemsRequest & {
        subscriptionId: string;
        redirectUrl: string;
        cancelUrl: string;
        idempotencyKey: string;
      },
    ): Promise<HostedPage> {
      const answer = await run(
        'starting a checkout',
        (cb) =>
          cb.hostedPage.checkoutExistingForItems(
            {
              subscription: { id: input.subscriptionId },
              replace_items_list: true,
              ...items(input),
              redirect_url: input.redirectUrl,
              cancel_url: input.cancelUrl,
            },
            { 'chargebee-idempotency-key': input.idempotencyKey },
          ),
        input.coupon,
      );
      return answer.hosted_page;
    },

    /** The provider's page for adding or replacing the customer's card. */
    async manageCard(customerId: string, redirectUrl: string): Promise<HostedPage> {
      const answer = await run('opening the card page', (cb) =>
        cb.hostedPage.managePaymentSources({
          customer: { id: customerId },
          redirect_url: redirectUrl,
        }),
      );
      return answer.hosted_page;
    },

    /** A hosted page and what became of it; undefined when the provider has none by this id. */
    async hostedPage(id: string): Promise<HostedPage | undefined> {
      return (await find('reading a hosted page', (cb) => cb.hostedPage.retrieve(id)))?.hosted_page;
    },

    /** The subscription as it stands now; undefined when the provider has none by this id. */
    async subscription(id: string): Promise<ProviderSubscription | undefined> {
      const answer = await find('reading a subscription', (cb) => cb.subscription.retrieve(id));
      return answer
        ? { subscription: answer.subscription, customer: answer.customer, card: answer.card }
        : undefined;
    },

    /** The customer's first card, for when the subscription answer carries none. */
    async firstCard(customerId: string): Promise<PaymentSource['card'] | undefined> {
      const answer = await run('listing payment sources', (cb) =>
        cb.paymentSource.list({ customer_id: { is: customerId } }),
      );
      return answer.list.map((entry) => entry.payment_source).find((p) => p.card)?.card;
    },

    /** Cancels at the end of the current term (the subscription turns non_renewing). */
    async cancelAtTermEnd(id: string): Promise<Subscription> {
      const answer = await run('cancelling the subscription', (cb) =>
        cb.subscription.cancelForItems(id, { end_of_term: true }),
      );
      return answer.subscription;
    },

    /** Takes back a scheduled cancellation. */
    async removeScheduledCancellation(id: string): Promise<Subscription> {
      const answer = await run('resuming the subscription', (cb) =>
        cb.subscription.removeScheduledCancellation(id),
      );
      return answer.subscription;
    },

    /** The customer's invoices, most recent first. */
    async invoices(customerId: string, limit: number): Promise<Invoice[]> {
      const answer = await run('listing invoices', (cb) =>
        cb.invoice.list({ customer_id: { is: customerId }, 'sort_by[desc]': 'date', limit }),
      );
      return answer.list.map((entry) => entry.invoice);
    },

    /** The customer's transactions (payments, refunds), most recent first. */
    async transactions(customerId: string, limit: number): Promise<Transaction[]> {
      const answer = await run('listing payments', (cb) =>
        cb.transaction.list({ customer_id: { is: customerId }, 'sort_by[desc]': 'date', limit }),
      );
      return answer.list.map((entry) => entry.transaction);
    },

    /** One invoice; undefined when the provider has none by this id. */
    async invoice(id: string): Promise<Invoice | undefined> {
      return (await find('reading an invoice', (cb) => cb.invoice.retrieve(id)))?.invoice;
    },

    /** A short-lived address of the invoice's PDF. */
    async invoicePdf(id: string): Promise<{ url: string; validTill: number }> {
      const answer = await run('making the invoice PDF', (cb) => cb.invoice.pdf(id));
      return { url: answer.download.download_url, validTill: answer.download.valid_till };
    },

    /** Events after a time, oldest first, one page at a time. */
    async events(after: number, offset?: string): Promise<{ events: Event[]; next?: string }> {
      const answer = await run('listing events', (cb) =>
        cb.event.list({
          occurred_at: { after },
          'sort_by[asc]': 'occurred_at',
          limit: 100,
          ...(offset ? { offset } : {}),
        }),
      );
      return {
        events: answer.list.map((entry) => entry.event),
        ...(answer.next_offset ? { next: answer.next_offset } : {}),
      };
    },
  };
}

export type ChargebeeClient = ReturnType<typeof createChargebeeClient>;
