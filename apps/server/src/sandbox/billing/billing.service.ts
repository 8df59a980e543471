import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BillingDeps, ChangeScope } from './billing-changes.ts';
import { change, randomId } from './billing-changes.ts';
import { createBillingRepository, billingTables } from './billing.repository.ts';
import {
  cardResource,
  customerResource,
  hostedPageResource,
  invoiceResource,
  paymentSourceResource,
} from './billing-resources.ts';
import type { HostedPageRequest } from './billing-tables.ts';
import { epochOf } from './billing-terms.ts';
import { ITEM_FAMILIES, ITEM_PRICES } from './catalogue.ts';
import type { Form } from './chargebee-wire.ts';
import {
  field,
  indexedList,
  invalidRequest,
  isTrue,
  listAnswer,
  listOf,
  pageOf,
  resourceNotFound,
  ChargebeeError,
} from './chargebee-wire.ts';
import { couponResource, findCoupon } from './coupons.ts';
import { invoiceEstimate } from './invoice-builder.ts';
import { catchUp, contentOf, nextVersion } from './renewals.ts';
import { resolveCoupons, resolveItems } from './subscription-items.ts';
import { priceChange } from './subscription-pricing.ts';

export const SANDBOX_BILLING_PATH = '/sandbox/chargebee';
export const SANDBOX_BILLING_API_PATH = `${SANDBOX_BILLING_PATH}/api/v2`;

/** A hosted page can be paid for this long after it is made. */
const PAGE_SECONDS = 3 * 3600;
/** A PDF download address works this long. */
export const DOWNLOAD_SECONDS = 3600;

export interface BillingServiceDeps extends BillingDeps {
  /** The app's public address: hosted pages and downloads are served under it. */
  publicUrl: string;
  /** Where hosted pages may send the browser back to (the app's origins). */
  appOrigins: readonly string[];
  /** Signs download addresses (the sandbox's API key). */
  signingKey: string;
}

const ITEM_KEYS = ['item_price_id', 'quantity'] as const;

/** The Chargebee operations the app uses, on the sandbox's tables. */
export function createBillingService(deps: BillingServiceDeps) {
  const read = () => createBillingRepository(billingTables(deps.db));
  const pageUrl = (id: string) => `${deps.publicUrl}${SANDBOX_BILLING_PATH}/pages/${id}`;

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
  function requested(form: Form) {
    const resolved = resolveItems(indexedList(form, 'subscription_items', ITEM_KEYS));
    const ids = listOf(form, 'coupon_ids');
    const coupons = ids.length > 0 ? resolveCoupons(ids, resolved.plan) : undefined;
    return { resolved, coupons, couponIds: ids.length > 0 ? ids : undefined };
  }

  async function liveSubscription(scope: ChangeScope, id: string | undefined, param: string) {
    if (!id) throw invalidRequest(`${param} is required.`, param);
    const row = await catchUp(scope, id, epochOf(deps.clock));
    if (!row) throw resourceNotFound(`Sorry, we couldn't find that subscription ${id}.`, param);
    return row;
  }

  async function subscriptionAnswer(scope: ChangeScope, id: string) {
    const row = await liveSubscription(scope, id, 'id');
    const customer = await scope.repo.findCustomer(row.customer_id);
    const [card] = await scope.repo.paymentSources(row.customer_id);
    return contentOf(row, customer, card);
  }

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
    return { hosted_page: hostedPageResource(row, pageUrl(id)) };
  }

  return {
    pageUrl,

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
      const { resolved, couponIds } = requested(form);
      void resolved;
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
        items: indexedList(form, 'subscription_items', ITEM_KEYS).map((row) => ({
          item_price_id: row.item_price_id ?? '',
          quantity: Number(row.quantity ?? '1'),
        })),
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
      const { couponIds } = requested(form);
      return newPage(scope, 'checkout_existing', current.customer_id, {
        subscription_id: current.id,
        items: indexedList(form, 'subscription_items', ITEM_KEYS).map((row) => ({
          item_price_id: row.item_price_id ?? '',
          quantity: Number(row.quantity ?? '1'),
        })),
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
      return { hosted_page: hostedPageResource(row, pageUrl(id)) };
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

    async invoicePdf(id: string) {
      const row = await read().findInvoice(id);
      if (!row) throw resourceNotFound(`Sorry, we couldn't find that invoice ${id}.`, 'id');
      const validTill = epochOf(deps.clock) + DOWNLOAD_SECONDS;
      const signature = signDownload(deps.signingKey, id, validTill);
      return {
        download: {
          download_url: `${deps.publicUrl}${SANDBOX_BILLING_PATH}/files/invoices/${encodeURIComponent(id)}.pdf?valid_till=${validTill}&signature=${signature}`,
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
      return listAnswer(
        rows.map((row) => ({
          id: row.id,
          occurred_at: row.occurred_at,
          source: row.source,
          object: 'event',
          api_version: 'v2',
          event_type: row.event_type,
          webhook_status: row.webhook_status,
          content: row.content,
        })),
        page,
        'event',
      );
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

function signDownload(key: string, id: string, validTill: number): string {
  return createHmac('sha256', key).update(`invoice-pdf:${id}:${validTill}`).digest('base64url');
}
