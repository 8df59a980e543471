import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChangeScope } from './billing-changes.ts';
import { change, eventOf } from './billing-changes.ts';
import { createBillingRepository, billingTables } from './billing.repository.ts';
import {
  cardResource,
  customerResource,
  invoiceResource,
  transactionResource,
  paymentSourceResource,
} from './billing-resources.ts';
import { epochOf } from './billing-terms.ts';
import { ITEM_FAMILIES, ITEM_PRICES } from './catalogue.ts';
import type { Form } from './chargebee-wire.ts';
import {
  invalidRequest,
  isTrue,
  listAnswer,
  pageOf,
  resourceNotFound,
  ChargebeeError,
} from './chargebee-wire.ts';
import { couponResource, findCoupon } from './coupons.ts';
import { catchUp, contentOf, nextVersion } from './renewals.ts';
import { SANDBOX_BILLING_PATH, liveSubscription as live } from './billing-requests.ts';
import type { BillingServiceDeps } from './billing-requests.ts';

/** A PDF download address works this long. */
export const DOWNLOAD_SECONDS = 3600;

/** The Chargebee operations the app uses, on the sandbox's tables. */
export function createBillingService(deps: BillingServiceDeps) {
  const read = () => createBillingRepository(billingTables(deps.db));
  const liveSubscription = (scope: ChangeScope, id: string | undefined, param: string) =>
    live(deps, scope, id, param);

  async function subscriptionAnswer(scope: ChangeScope, id: string) {
    const row = await liveSubscription(scope, id, 'id');
    const customer = await scope.repo.findCustomer(row.customer_id);
    const [card] = await scope.repo.paymentSources(row.customer_id);
    return contentOf(row, customer, card);
  }

  return {
    listItemPrices(query: Form) {
      const family = query['item_family_id[is]'];
      if (family !== undefined && !ITEM_FAMILIES.includes(family)) return { list: [] };
      const status = query['status[is]'];
      const rows = ITEM_PRICES.filter(
        (price) =>
          (family === undefined || price.item_family_id === family) &&
          (status === undefined || price.status === status),
      );
      const page = pageOf(query);
      const slice = rows.slice(page.offset, page.offset + page.limit + 1);
      return listAnswer(
        slice.map((price) => ({ ...price, object: 'item_price' })),
        page,
        'item_price',
      );
    },

    retrieveCoupon(id: string) {
      const coupon = findCoupon(id);
      if (!coupon)
        throw resourceNotFound(`Sorry, we couldn't find that coupon ${id}.`, 'coupon_id');
      return { coupon: couponResource(coupon) };
    },

    retrieveSubscription: (id: string) => change(deps, (scope) => subscriptionAnswer(scope, id)),

    async retrieveCustomer(id: string) {
      const repo = read();
      const customer = await repo.findCustomer(id);
      if (!customer) throw resourceNotFound(`Sorry, we couldn't find that customer ${id}.`, 'id');
      const [card] = await repo.paymentSources(id);
      return {
        customer: customerResource(customer, card),
        ...(card ? { card: cardResource(card) } : {}),
      };
    },

    async listPaymentSources(query: Form) {
      const customerId = query['customer_id[is]'];
      if (!customerId) throw invalidRequest('customer_id[is] is required.', 'customer_id[is]');
      const page = pageOf(query);
      const rows = (await read().paymentSources(customerId)).slice(
        page.offset,
        page.offset + page.limit + 1,
      );
      return listAnswer(rows.map(paymentSourceResource), page, 'payment_source');
    },

    async cancel(scope: ChangeScope, id: string, form: Form) {
      const row = await liveSubscription(scope, id, 'id');
      const now = epochOf(deps.clock);
      if (row.status === 'cancelled') {
        throw new ChargebeeError(
          400,
          'invalid_state_for_request',
          'The subscription is already cancelled.',
          undefined,
          'invalid_request',
        );
      }
      const endOfTerm = isTrue(form.end_of_term);
      const changed = endOfTerm
        ? { ...row, status: 'non_renewing' as const, cancelled_at: row.current_term_end }
        : { ...row, status: 'cancelled' as const, cancelled_at: now };
      const saved = {
        ...changed,
        updated_at: now,
        resource_version: nextVersion(row.resource_version, now),
      };
      await scope.repo.saveSubscription(saved);
      const customer = await scope.repo.findCustomer(row.customer_id);
      const [card] = await scope.repo.paymentSources(row.customer_id);
      const content = contentOf(saved, customer, card);
      scope.emit(
        endOfTerm ? 'subscription_cancellation_scheduled' : 'subscription_cancelled',
        content,
      );
      return content;
    },

    async removeScheduledCancellation(scope: ChangeScope, id: string) {
      const row = await liveSubscription(scope, id, 'id');
      if (row.status !== 'non_renewing') {
        throw new ChargebeeError(
          400,
          'invalid_state_for_request',
          'The subscription has no scheduled cancellation to remove.',
          undefined,
          'invalid_request',
        );
      }
      const now = epochOf(deps.clock);
      const saved = {
        ...row,
        status: 'active' as const,
        cancelled_at: null,
        updated_at: now,
        resource_version: nextVersion(row.resource_version, now),
      };
      await scope.repo.saveSubscription(saved);
      const customer = await scope.repo.findCustomer(row.customer_id);
      const [card] = await scope.repo.paymentSources(row.customer_id);
      const content = contentOf(saved, customer, card);
      scope.emit('subscription_scheduled_cancellation_removed', content);
      return content;
    },

    listInvoices: (query: Form) =>
      change(deps, async (scope) => {
        const customerId = query['customer_id[is]'];
        if (!customerId) throw invalidRequest('customer_id[is] is required.', 'customer_id[is]');
        await catchUp(scope, customerId, epochOf(deps.clock));
        const page = pageOf(query);
        const rows = await scope.repo.invoices(customerId, page);
        return listAnswer(rows.map(invoiceResource), page, 'invoice');
      }),

    /**
     * A customer's transactions (`GET /transactions`): the sandbox charges each paid invoice in
     * one card payment when it is made, so each invoice with an amount paid is one payment.
     */
    listTransactions: (query: Form) =>
      change(deps, async (scope) => {
        const customerId = query['customer_id[is]'];
        if (!customerId) throw invalidRequest('customer_id[is] is required.', 'customer_id[is]');
        await catchUp(scope, customerId, epochOf(deps.clock));
        const page = pageOf(query);
        const rows = await scope.repo.invoices(customerId, page);
        const paid = rows.filter((row) => row.amount_paid > 0);
        return listAnswer(paid.map(transactionResource), page, 'transaction');
      }),

    /** One invoice (`GET /invoices/{id}`); 404 when there is none by this id. */
    async retrieveInvoice(id: string) {
      const row = await read().findInvoice(id);
      if (!row) throw resourceNotFound(`Sorry, we couldn't find that invoice ${id}.`, 'id');
      return { invoice: invoiceResource(row) };
    },

    async invoicePdf(id: string) {
      const row = await read().findInvoice(id);
      if (!row) throw resourceNotFound(`Sorry, we couldn't find that invoice ${id}.`, 'id');
      const validTill = epochOf(deps.clock) + DOWNLOAD_SECONDS;
      const signature = signDownload(deps.signingKey, id, validTill);
      return {
        download: {
          download_url: `${deps.unitOrigin(row.bill_to.business_unit)}${SANDBOX_BILLING_PATH}/files/invoices/${encodeURIComponent(id)}.pdf?valid_till=${validTill}&signature=${signature}`,
          valid_till: validTill,
          mime_type: 'application/pdf',
          object: 'download',
        },
      };
    },

    /** The invoice a signed download address names, or undefined when it is wrong or old. */
    async downloadableInvoice(
      id: string,
      validTill: string | undefined,
      signature: string | undefined,
    ) {
      const till = Number(validTill);
      if (!Number.isInteger(till) || till < epochOf(deps.clock) || !signature) return undefined;
      const expected = Buffer.from(signDownload(deps.signingKey, id, till));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return read().findInvoice(id);
    },

    async listEvents(query: Form) {
      const afterText = query['occurred_at[after]'];
      const after = afterText === undefined ? 0 : Number(afterText);
      if (!Number.isInteger(after))
        throw invalidRequest('occurred_at[after] must be epoch seconds.', 'occurred_at[after]');
      if (query['sort_by[desc]'] !== undefined) {
        throw invalidRequest(
          'The sandbox lists events oldest first: use sort_by[asc]=occurred_at.',
          'sort_by[desc]',
        );
      }
      const page = pageOf(query);
      const rows = await read().events(after, page);
      return listAnswer(rows.map(eventOf), page, 'event');
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

function signDownload(key: string, id: string, validTill: number): string {
  return createHmac('sha256', key).update(`invoice-pdf:${id}:${validTill}`).digest('base64url');
}
