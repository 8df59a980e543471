import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BillingSettings } from '../../src/config/billing-settings.ts';
import { COUPON_FIXTURES, chargebeeError, itemPricesOf } from './chargebee-fixtures.ts';

/**
 * A stand-in for Chargebee's v2 API over real HTTP, answering recorded responses in Chargebee's
 * documented shapes, with just enough state (subscriptions, hosted pages, invoices, events) for
 * the billing module's flows. Requests are checked the way Chargebee checks them: HTTP Basic
 * with the API key, form-encoded bodies in bracket notation, idempotency keys honoured.
 */

export interface SubscriptionItem {
  item_price_id: string;
  quantity: number;
}

interface Stored {
  subscription: Record<string, unknown> & {
    id: string;
    status: string;
    resource_version: number;
    subscription_items: SubscriptionItem[];
  };
  customer: Record<string, unknown> & { id: string; resource_version: number };
  card?: Record<string, unknown>;
}

interface Page {
  id: string;
  type: string;
  teamId: string;
  items: SubscriptionItem[];
  coupon: string | undefined;
  state: string;
  /** Set when a test lets the page expire (epoch seconds in the past). */
  expiresAt?: number;
}

const API_KEY = 'test_fake_key';
export const FAKE_WEBHOOK = { username: 'chargebee-hook', password: 'hook-secret-1234' };

export async function startFakeChargebee() {
  let clockSeconds = 1_767_603_600; // 2026-01-05T09:00:00Z, the tests' clock
  let version = 1_767_603_600_000;
  const subscriptions = new Map<string, Stored>();
  const pages = new Map<string, Page>();
  const invoices: Array<Record<string, unknown> & { id: string; customer_id: string }> = [];
  const events: Array<Record<string, unknown> & { id: string; occurred_at: number }> = [];
  const idempotent = new Map<string, string>();
  const calls: Array<{
    method: string;
    path: string;
    body: URLSearchParams;
    headers: http.IncomingHttpHeaders;
  }> = [];
  const control = { down: false };

  const nextVersion = () => (version += 1000);

  function event(type: string, teamId: string) {
    const stored = subscriptions.get(teamId);
    const e = {
      id: `ev_${events.length + 1}_${teamId.slice(0, 8)}`,
      occurred_at: clockSeconds,
      source: 'hosted_page',
      object: 'event',
      api_version: 'v2',
      event_type: type,
      webhook_status: 'scheduled',
      content: stored
        ? {
            subscription: structuredClone(stored.subscription),
            customer: structuredClone(stored.customer),
          }
        : { customer: { id: teamId } },
    };
    events.push(e);
    return e;
  }

  function setSubscription(teamId: string, items: SubscriptionItem[], coupon?: string) {
    const year = items.some((i) => /annual/.test(i.item_price_id));
    const termEnd = clockSeconds + (year ? 365 : 30) * 86400;
    const existing = subscriptions.get(teamId);
    const stored: Stored = {
      subscription: {
        id: teamId,
        customer_id: teamId,
        status: 'active',
        billing_period: 1,
        billing_period_unit: year ? 'year' : 'month',
        current_term_start: clockSeconds,
        current_term_end: termEnd,
        next_billing_at: termEnd,
        subscription_items: items.map((i) => ({
          ...i,
          item_type: /plan/.test(i.item_price_id) ? 'plan' : 'addon',
        })),
        coupons: coupon ? [{ coupon_id: coupon, applied_count: 1 }] : [],
        currency_code: 'USD',
        resource_version: nextVersion(),
        updated_at: clockSeconds,
        created_at: clockSeconds,
        object: 'subscription',
      },
      customer: existing?.customer ?? {
        id: teamId,
        email: 'owner@example.com',
        resource_version: nextVersion(),
        object: 'customer',
      },
      card: {
        status: 'valid',
        gateway: 'chargebee',
        first_name: 'Olive',
        iin: '411111',
        last4: '1111',
        card_type: 'visa',
        expiry_month: 12,
        expiry_year: 2030,
        customer_id: teamId,
        masked_number: '************1111',
        object: 'card',
      },
    };
    subscriptions.set(teamId, stored);
    const total = 2999;
    invoices.unshift({
      id: String(invoices.length + 1),
      customer_id: teamId,
      subscription_id: teamId,
      status: 'paid',
      date: clockSeconds,
      total,
      amount_paid: total,
      amount_due: 0,
      currency_code: 'USD',
      line_items: [],
      discounts: [],
      object: 'invoice',
    });
    return event(existing ? 'subscription_changed' : 'subscription_created', teamId);
  }

  function itemsOf(body: URLSearchParams): SubscriptionItem[] {
    const items: SubscriptionItem[] = [];
    for (let i = 0; body.has(`subscription_items[item_price_id][${i}]`); i += 1) {
      items.push({
        item_price_id: body.get(`subscription_items[item_price_id][${i}]`) ?? '',
        quantity: Number(body.get(`subscription_items[quantity][${i}]`) ?? 1),
      });
    }
    return items;
  }

  function priceOf(id: string): number {
    for (const family of ['megalytic', 'raven', 'tapclicks']) {
      const found = itemPricesOf(family).find((p) => p.id === id);
      if (found) return found.price;
    }
    return 0;
  }

  /** A coupon refusal as Chargebee answers it, or undefined when the coupon applies. */
  function couponRefusal(body: URLSearchParams, items: SubscriptionItem[]) {
    const code = body.get('coupon_ids[0]');
    if (!code) return undefined;
    const coupon = COUPON_FIXTURES[code];
    if (!coupon) {
      return [
        404,
        chargebeeError(
          404,
          'invalid_request',
          'resource_not_found',
          `${code} not found`,
          'coupon_ids[0]',
        ),
      ] as const;
    }
    const rule = coupon.item_constraints[0];
    const plan = items[0]?.item_price_id ?? '';
    if (rule && 'item_price_ids' in rule && !rule.item_price_ids.includes(plan)) {
      return [
        400,
        chargebeeError(
          400,
          'invalid_request',
          'invalid_request',
          'The coupon is not applicable',
          'coupon_ids[0]',
        ),
      ] as const;
    }
    return undefined;
  }

  function invoiceEstimate(items: SubscriptionItem[], coupon: string | undefined) {
    const lines = items.map((i) => ({
      id: `li_${i.item_price_id}`,
      date_from: clockSeconds,
      date_to: clockSeconds + 30 * 86400,
      unit_amount: priceOf(i.item_price_id),
      quantity: i.quantity,
      amount: priceOf(i.item_price_id) * i.quantity,
      description: i.item_price_id,
      entity_type: /plan/.test(i.item_price_id) ? 'plan_item_price' : 'addon_item_price',
      entity_id: i.item_price_id,
      is_taxed: false,
      tax_amount: 0,
      discount_amount: 0,
      item_level_discount_amount: 0,
      object: 'line_item',
    }));
    const subTotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const percentage = coupon ? (COUPON_FIXTURES[coupon]?.discount_percentage ?? 0) : 0;
    const discount = Math.round((subTotal * percentage) / 100);
    return {
      recurring: true,
      price_type: 'tax_exclusive',
      currency_code: 'USD',
      sub_total: subTotal,
      total: subTotal - discount,
      credits_applied: 0,
      amount_paid: 0,
      amount_due: subTotal - discount,
      line_items: lines,
      discounts: discount
        ? [
            {
              amount: discount,
              description: coupon,
              entity_type: 'document_level_coupon',
              entity_id: coupon,
              object: 'discount',
            },
          ]
        : [],
      taxes: [],
      line_item_taxes: [],
      object: 'invoice_estimate',
    };
  }

  function hostedPage(page: Page) {
    return {
      hosted_page: {
        id: page.id,
        type: page.type,
        url: `http://checkout.test/pages/${page.id}`,
        state: page.state,
        embed: false,
        created_at: clockSeconds,
        expires_at: page.expiresAt ?? clockSeconds + 3 * 86400,
        resource_version: nextVersion(),
        // A paid page carries what it bought: its subscription and customer are the team's.
        ...(page.state === 'succeeded'
          ? { content: { subscription: { id: page.teamId }, customer: { id: page.teamId } } }
          : {}),
        object: 'hosted_page',
      },
    };
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: URLSearchParams,
    headers: http.IncomingHttpHeaders,
  ): [number, unknown] {
    const parts = path.replace(/^\/api\/v2\//, '').split('/');
    const [resource, id, action] = parts;
    if (method === 'GET' && resource === 'item_prices') {
      return [
        200,
        {
          list: itemPricesOf(query.get('item_family_id[is]') ?? '').map((p) => ({ item_price: p })),
        },
      ];
    }
    if (method === 'GET' && resource === 'coupons' && id) {
      const coupon = COUPON_FIXTURES[decodeURIComponent(id)];
      return coupon
        ? [200, { coupon }]
        : [
            404,
            chargebeeError(404, 'invalid_request', 'resource_not_found', `Coupon ${id} not found`),
          ];
    }
    if (method === 'POST' && resource === 'estimates') {
      const items = itemsOf(body);
      const refusal = couponRefusal(body, items);
      if (refusal) return [refusal[0], refusal[1]];
      const coupon = body.get('coupon_ids[0]') ?? undefined;
      const estimate = invoiceEstimate(items, coupon);
      return [
        200,
        {
          estimate: {
            created_at: clockSeconds,
            object: 'estimate',
            subscription_estimate: {
              status: 'active',
              currency_code: 'USD',
              next_billing_at: clockSeconds + 30 * 86400,
              object: 'subscription_estimate',
            },
            invoice_estimate: estimate,
            ...(id === 'update_subscription_for_items' ? { next_invoice_estimate: estimate } : {}),
          },
        },
      ];
    }
    if (method === 'GET' && resource === 'hosted_pages' && id) {
      const page = pages.get(decodeURIComponent(id));
      return page
        ? [200, hostedPage(page)]
        : [404, chargebeeError(404, 'invalid_request', 'resource_not_found', 'Page not found')];
    }
    if (method === 'POST' && resource === 'hosted_pages') {
      const key = headers['chargebee-idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) {
        const page = pages.get(idempotent.get(key) ?? '');
        if (page) return [200, hostedPage(page)];
      }
      const items = itemsOf(body);
      const refusal = couponRefusal(body, items);
      if (refusal) return [refusal[0], refusal[1]];
      const teamId = body.get('subscription[id]') ?? body.get('customer[id]') ?? '';
      if (id === 'checkout_new_for_items' && subscriptions.has(teamId)) {
        return [
          400,
          chargebeeError(
            400,
            'invalid_request',
            'duplicate_entry',
            'The value is already present',
            'subscription[id]',
          ),
        ];
      }
      if (id === 'checkout_existing_for_items' && !subscriptions.has(teamId)) {
        return [
          404,
          chargebeeError(
            404,
            'invalid_request',
            'resource_not_found',
            'Subscription not found',
            'subscription[id]',
          ),
        ];
      }
      if (id === 'manage_payment_sources' && !subscriptions.has(teamId)) {
        return [
          404,
          chargebeeError(
            404,
            'invalid_request',
            'resource_not_found',
            'Customer not found',
            'customer[id]',
          ),
        ];
      }
      const page: Page = {
        id: `hp_${pages.size + 1}`,
        type: id ?? '',
        teamId,
        items,
        coupon: body.get('coupon_ids[0]') ?? undefined,
        state: 'created',
      };
      pages.set(page.id, page);
      if (typeof key === 'string') idempotent.set(key, page.id);
      return [200, hostedPage(page)];
    }
    if (resource === 'subscriptions' && id) {
      const stored = subscriptions.get(id);
      if (!stored)
        return [
          404,
          chargebeeError(
            404,
            'invalid_request',
            'resource_not_found',
            `Subscription ${id} not found`,
          ),
        ];
      if (method === 'POST' && action === 'cancel_for_items') {
        if (stored.subscription.status !== 'active')
          return [
            400,
            chargebeeError(
              400,
              'invalid_request',
              'invalid_state_for_request',
              'Subscription is not active',
            ),
          ];
        Object.assign(stored.subscription, {
          status: 'non_renewing',
          cancelled_at: stored.subscription.current_term_end,
          resource_version: nextVersion(),
        });
        event('subscription_cancellation_scheduled', id);
      }
      if (method === 'POST' && action === 'remove_scheduled_cancellation') {
        if (stored.subscription.status !== 'non_renewing')
          return [
            400,
            chargebeeError(
              400,
              'invalid_request',
              'invalid_state_for_request',
              'No scheduled cancellation',
            ),
          ];
        Object.assign(stored.subscription, {
          status: 'active',
          cancelled_at: undefined,
          resource_version: nextVersion(),
        });
        event('subscription_scheduled_cancellation_removed', id);
      }
      return [
        200,
        {
          subscription: stored.subscription,
          customer: stored.customer,
          ...(stored.card ? { card: stored.card } : {}),
        },
      ];
    }
    if (method === 'GET' && resource === 'payment_sources') {
      const stored = subscriptions.get(query.get('customer_id[is]') ?? '');
      return [
        200,
        {
          list: stored?.card
            ? [
                {
                  payment_source: {
                    id: 'pm_1',
                    type: 'card',
                    status: 'valid',
                    customer_id: stored.customer.id,
                    card: {
                      brand: 'visa',
                      last4: stored.card.last4,
                      expiry_month: 12,
                      expiry_year: 2030,
                    },
                  },
                },
              ]
            : [],
        },
      ];
    }
    if (method === 'GET' && resource === 'transactions') {
      // Each paid invoice was paid by one card payment, as Chargebee records it.
      const customer = query.get('customer_id[is]');
      const transactions = invoices
        .filter((i) => i.customer_id === customer && Number(i.amount_paid) > 0)
        .map((i) => ({
          id: `txn_${i.id}`,
          customer_id: i.customer_id,
          subscription_id: i.subscription_id,
          payment_method: 'card',
          masked_card_number: '************1111',
          type: 'payment',
          date: i.date,
          currency_code: i.currency_code,
          amount: i.amount_paid,
          status: 'success',
          linked_invoices: [{ invoice_id: i.id, applied_amount: i.amount_paid }],
          object: 'transaction',
        }));
      return [200, { list: transactions.map((transaction) => ({ transaction })) }];
    }
    if (resource === 'invoices') {
      if (method === 'GET' && !id) {
        const customer = query.get('customer_id[is]');
        return [
          200,
          {
            list: invoices
              .filter((i) => i.customer_id === customer)
              .map((invoice) => ({ invoice })),
          },
        ];
      }
      const invoice = invoices.find((i) => i.id === id);
      if (!invoice)
        return [
          404,
          chargebeeError(404, 'invalid_request', 'resource_not_found', `Invoice ${id} not found`),
        ];
      if (method === 'POST' && action === 'pdf') {
        return [
          200,
          {
            download: {
              download_url: `http://files.test/invoices/${invoice.id}.pdf`,
              valid_till: clockSeconds + 3600,
              mime_type: 'application/pdf',
              object: 'download',
            },
          },
        ];
      }
      return [200, { invoice }];
    }
    if (method === 'GET' && resource === 'events') {
      const after = Number(query.get('occurred_at[after]') ?? 0);
      return [
        200,
        { list: events.filter((e) => e.occurred_at > after).map((e) => ({ event: e })) },
      ];
    }
    return [
      404,
      chargebeeError(404, 'invalid_request', 'resource_not_found', `No route ${method} ${path}`),
    ];
  }

  const server = http.createServer((req, res) => {
    if (control.down) {
      req.socket.destroy();
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = new URLSearchParams(raw);
      calls.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
      const auth = req.headers.authorization ?? '';
      const expected = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;
      const [status, answer] =
        auth === expected
          ? route(req.method ?? 'GET', url.pathname, url.searchParams, body, req.headers)
          : [
              401,
              chargebeeError(
                401,
                'api_authentication_failed',
                'api_authentication_failed',
                'Sorry, authentication failed. Invalid api key',
              ),
            ];
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const settings: BillingSettings = {
    client: {
      site: '127.0.0.1',
      hostSuffix: '',
      protocol: 'http',
      port,
      apiPath: '/api/v2',
      apiKey: API_KEY,
    },
    webhook: FAKE_WEBHOOK,
    sandbox: true,
  };

  return {
    settings,
    control,
    calls,
    events,
    pages,
    /** Pays a hosted checkout page: the subscription changes and an event is recorded. */
    pay(pageId: string) {
      const page = pages.get(pageId);
      if (!page) throw new Error(`no page ${pageId}`);
      page.state = 'succeeded';
      return setSubscription(page.teamId, page.items, page.coupon);
    },
    /** The person left the hosted page with its cancel link. */
    cancelPage(pageId: string) {
      const page = pages.get(pageId);
      if (!page) throw new Error(`no page ${pageId}`);
      page.state = 'cancelled';
    },
    /** The hosted page expired unpaid. */
    expirePage(pageId: string) {
      const page = pages.get(pageId);
      if (!page) throw new Error(`no page ${pageId}`);
      page.expiresAt = clockSeconds - 60;
    },
    /** A team subscribed directly (as if it had checked out before the test). */
    subscribe(
      teamId: string,
      items: SubscriptionItem[] = [{ item_price_id: 'basic-plan', quantity: 1 }],
    ) {
      return setSubscription(teamId, items);
    },
    subscription: (teamId: string) => subscriptions.get(teamId),
    /** The ids of a team's invoices, newest first. */
    invoicesOf: (teamId: string) =>
      invoices.filter((i) => i.customer_id === teamId).map((i) => i.id),
    /** Puts back a state saved earlier (as a slow read racing a newer change would see it). */
    restore(teamId: string, saved: Stored) {
      subscriptions.set(teamId, structuredClone(saved));
    },
    /** A saved copy of a team's state at the provider now. */
    snapshot(teamId: string): Stored {
      const stored = subscriptions.get(teamId);
      if (!stored) throw new Error(`no subscription ${teamId}`);
      return structuredClone(stored);
    },
    /** An event about a team with no webhook sent (a delivery that never arrived). */
    recordEvent: (type: string, teamId: string) => event(type, teamId),
    /** Sets a stored subscription's status (a new resource version, no event). */
    setStatus(teamId: string, status: string) {
      const stored = subscriptions.get(teamId);
      if (!stored) throw new Error(`no subscription ${teamId}`);
      Object.assign(stored.subscription, { status, resource_version: nextVersion() });
    },
    advance(seconds: number) {
      clockSeconds += seconds;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeChargebee = Awaited<ReturnType<typeof startFakeChargebee>>;

/** A webhook delivery as Chargebee makes it: JSON, HTTP Basic. */
export function webhookHeaders(credentials: { username: string; password: string } = FAKE_WEBHOOK) {
  return {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
  };
}
