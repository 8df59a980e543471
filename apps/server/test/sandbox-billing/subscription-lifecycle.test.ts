import type Chargebee from 'chargebee';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { failure, startBillingServer, startWebhookReceiver } from './billing-server.ts';
import type { BillingServer } from './billing-server.ts';
import { CARD, openPage, payWith, postPage } from './hosted-page-browser.ts';

const TEAM = 'team-0001';
const DAY = 86_400_000;

/**
 * A subscription's life through the official chargebee client against a listening server,
 * its hosted pages posted as a browser would: checkout, change, cancel, invoices, renewal,
 * events and webhooks. The steps build on each other in order.
 */
describeEachDatabase('sandbox billing: subscription lifecycle', (db) => {
  let server: BillingServer;
  let cb: Chargebee;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const returnUrl = () => `${server.base}/billing/return`;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startBillingServer(db(), receiver.url);
    cb = server.chargebee;
  });
  afterAll(async () => {
    await server.app.close();
    await receiver.close();
  });

  it('checks out a new subscription on the hosted page: a declined card changes nothing, a good one pays', async () => {
    const { hosted_page } = await cb.hostedPage.checkoutNewForItems({
      customer: { id: TEAM, email: 'owner@example.com' },
      subscription: { id: TEAM },
      subscription_items: [
        { item_price_id: 'basic-plan' },
        { item_price_id: 'team-users-monthly', quantity: 2 },
      ],
      redirect_url: returnUrl(),
      cancel_url: returnUrl(),
    });
    expect(hosted_page).toMatchObject({ type: 'checkout_new', state: 'created', embed: false });
    const url = hosted_page.url ?? '';
    const shown = await openPage(url);
    expect(shown.html).toContain('Sandbox payments');
    expect(shown.html).toContain('4111 1111 1111 1111');
    expect(shown.html).toContain('$39.99');

    const declined = await payWith(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(400);
    expect(declined.html).toContain('Your card was declined. Try another card.');
    expect(await failure(cb.subscription.retrieve(TEAM))).toMatchObject({ http_status_code: 404 });

    const paid = await payWith(url, '4111 1111 1111 1111');
    expect(paid.status).toBe(303);
    const back = new URL(paid.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(returnUrl());
    expect(back.searchParams.get('id')).toBe(hosted_page.id);
    expect(back.searchParams.get('state')).toBe('succeeded');
    expect((await cb.hostedPage.retrieve(hosted_page.id ?? '')).hosted_page.state).toBe(
      'succeeded',
    );

    // Paying twice is impossible: the page shows its result and no second invoice appears.
    const again = await payWith(url, '4111 1111 1111 1111');
    expect(again.status).toBe(200);
    expect(again.html).toContain('cannot be paid again');
    const finished = await postPage(url, {
      token: shown.token,
      action: 'pay',
      number: '4111111111111111',
      ...CARD,
    });
    expect(finished.html).toContain('cannot be paid again');
    const invoices = await cb.invoice.list({
      customer_id: { is: TEAM },
      'sort_by[desc]': 'date',
      limit: 10,
    });
    expect(invoices.list).toHaveLength(1);
    expect(invoices.list[0]?.invoice).toMatchObject({
      status: 'paid',
      total: 3999,
      amount_paid: 3999,
    });

    const { subscription, customer, card } = await cb.subscription.retrieve(TEAM);
    expect(subscription).toMatchObject({
      id: TEAM,
      status: 'active',
      billing_period_unit: 'month',
    });
    expect(subscription.current_term_start).toBe(Math.floor(server.clock().getTime() / 1000));
    expect(subscription.subscription_items?.map((i) => [i.item_price_id, i.quantity])).toEqual([
      ['basic-plan', 1],
      ['team-users-monthly', 2],
    ]);
    expect(customer.email).toBe('owner@example.com');
    expect(card).toMatchObject({ last4: '1111', brand: 'visa' });
    const sources = await cb.paymentSource.list({ customer_id: { is: TEAM } });
    expect(sources.list[0]?.payment_source.card?.masked_number).toBe('************1111');
    // Only brand and last four digits are kept.
    const stored = JSON.stringify(
      await db()
        .selectFrom('sandbox_billing_payment_sources' as never)
        .selectAll()
        .execute(),
    );
    expect(stored).not.toContain('4111111111111111');
  });

  it('prices a change within the term, and a card that needs confirmation pays after confirming', async () => {
    server.clock.advance(10 * DAY);
    const same = await cb.estimate.updateSubscriptionForItems({
      subscription: { id: TEAM },
      replace_items_list: true,
      subscription_items: [
        { item_price_id: 'basic-plan' },
        { item_price_id: 'team-users-monthly', quantity: 2 },
      ],
    });
    expect(same.estimate.invoice_estimate?.amount_due).toBe(0);
    const more = await cb.estimate.updateSubscriptionForItems({
      subscription: { id: TEAM },
      replace_items_list: true,
      subscription_items: [
        { item_price_id: 'basic-plan' },
        { item_price_id: 'team-users-monthly', quantity: 2 },
        { item_price_id: 'accounts-monthly', quantity: 10 },
      ],
    });
    const estimate = more.estimate.invoice_estimate;
    expect(estimate?.credits_applied).toBeGreaterThan(0);
    const { subscription } = await cb.subscription.retrieve(TEAM);
    const term = (subscription.current_term_end ?? 0) - (subscription.current_term_start ?? 0);
    const remaining =
      (subscription.current_term_end ?? 0) - Math.floor(server.clock().getTime() / 1000);
    expect(estimate?.amount_due).toBe(Math.floor((2 * 3000 * remaining + term) / (2 * term)));

    const { hosted_page } = await cb.hostedPage.checkoutExistingForItems({
      subscription: { id: TEAM },
      replace_items_list: true,
      subscription_items: [
        { item_price_id: 'basic-plan' },
        { item_price_id: 'team-users-monthly', quantity: 2 },
        { item_price_id: 'accounts-monthly', quantity: 10 },
      ],
      redirect_url: returnUrl(),
    });
    const url = hosted_page.url ?? '';
    const asked = await payWith(url, '4000 0000 0000 3220');
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Confirm this payment');
    expect((await cb.subscription.retrieve(TEAM)).subscription.subscription_items).toHaveLength(2);
    const { token } = await openPage(url);
    const confirmed = await postPage(url, { token, action: 'confirm' });
    expect(confirmed.status).toBe(303);
    const after = await cb.subscription.retrieve(TEAM);
    expect(after.subscription.subscription_items).toHaveLength(3);
    expect(after.subscription.current_term_end).toBe(subscription.current_term_end);
    expect(after.card?.last4).toBe('3220');
  });

  it('schedules a cancellation once per idempotency key and removes it', async () => {
    const key = { 'chargebee-idempotency-key': 'cancel-1' };
    const first = await cb.subscription.cancelForItems(TEAM, { end_of_term: true }, key);
    expect(first.subscription.status).toBe('non_renewing');
    expect(first.subscription.cancelled_at).toBe(first.subscription.current_term_end);
    const second = await cb.subscription.cancelForItems(TEAM, { end_of_term: true }, key);
    expect(second.isIdempotencyReplayed).toBe('true');
    expect(second.subscription.resource_version).toBe(first.subscription.resource_version);
    const events = await cb.event.list({ limit: 100 });
    const scheduled = events.list.filter(
      ({ event }) => event.event_type === 'subscription_cancellation_scheduled',
    );
    expect(scheduled).toHaveLength(1);

    const reused = await failure(cb.subscription.cancelForItems(TEAM, { end_of_term: false }, key));
    expect(reused).toMatchObject({ api_error_code: 'invalid_request', http_status_code: 400 });
    const restored = await cb.subscription.removeScheduledCancellation(TEAM);
    expect(restored.subscription.status).toBe('active');
    expect(restored.subscription.cancelled_at).toBeUndefined();
  });

  it('lists invoices newest first and serves each as a PDF for an hour', async () => {
    const { list } = await cb.invoice.list({
      customer_id: { is: TEAM },
      'sort_by[desc]': 'date',
      limit: 10,
    });
    expect(list.map(({ invoice }) => invoice.id)).toEqual(['2', '1']);
    const { invoice } = await cb.invoice.retrieve('1');
    expect(invoice).toMatchObject({ id: '1', customer_id: TEAM, status: 'paid' });
    await expect(cb.invoice.retrieve('999')).rejects.toMatchObject({
      api_error_code: 'resource_not_found',
    });
    const { download } = await cb.invoice.pdf('1');
    expect(download.mime_type).toBe('application/pdf');
    expect(download.valid_till).toBe(Math.floor(server.clock().getTime() / 1000) + 3600);
    const pdf = await fetch(download.download_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const forged = await fetch(
      download.download_url.replace(/signature=[^&]+/, 'signature=forged'),
    );
    expect(forged.status).toBe(404);
    server.clock.advance(3601 * 1000);
    expect((await fetch(download.download_url)).status).toBe(404);
  });

  it('renews at the term end and ends a scheduled cancellation when time passes', async () => {
    const before = await cb.subscription.retrieve(TEAM);
    const end = before.subscription.current_term_end ?? 0;
    server.clock.advance((end - Math.floor(server.clock().getTime() / 1000) + 60) * 1000);
    const renewed = await cb.subscription.retrieve(TEAM);
    expect(renewed.subscription.current_term_start).toBe(end);
    const invoices = await cb.invoice.list({ customer_id: { is: TEAM }, limit: 10 });
    expect(invoices.list).toHaveLength(3);
    expect(invoices.list[0]?.invoice.total).toBe(2999 + 1000 + 3000);

    await cb.subscription.cancelForItems(TEAM, { end_of_term: true });
    server.clock.advance(40 * DAY);
    expect(await server.billing.advance()).toBe(1);
    const ended = await cb.subscription.retrieve(TEAM);
    expect(ended.subscription.status).toBe('cancelled');
    const types = (await cb.event.list({ limit: 100 })).list.map(({ event }) => event.event_type);
    expect(types).toEqual(
      expect.arrayContaining([
        'subscription_created',
        'invoice_generated',
        'payment_succeeded',
        'card_added',
        'subscription_changed',
        'subscription_renewed',
        'subscription_cancelled',
      ]),
    );
  });

  it('pages the events and delivers them as webhooks with HTTP Basic', async () => {
    const first = await cb.event.list({ limit: 2, 'sort_by[asc]': 'occurred_at' });
    expect(first.list).toHaveLength(2);
    expect(first.next_offset).toBeDefined();
    const second = await cb.event.list({ limit: 2, offset: first.next_offset ?? '' });
    expect(second.list[0]?.event.id).not.toBe(first.list[0]?.event.id);

    await server.billing.webhooksSettled();
    const { username, password } = server.billing.settings.webhook;
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    expect(receiver.received.length).toBeGreaterThan(5);
    expect(receiver.received.every((w) => w.authorization === expected)).toBe(true);
    expect(receiver.received[0]?.body.event_type).toBe('payment_source_added');
    const all = await cb.event.list({ limit: 100 });
    expect(all.list.every(({ event }) => event.webhook_status === 'succeeded')).toBe(true);
  });

  it('retries a failed webhook, and an expired page says so', async () => {
    receiver.failNext = 1;
    const count = receiver.received.length;
    await cb.subscription.retrieve(TEAM);
    const { hosted_page } = await cb.hostedPage.checkoutNewForItems({
      customer: { id: TEAM },
      subscription: { id: TEAM },
      subscription_items: [{ item_price_id: 'basic-plan' }],
      redirect_url: returnUrl(),
    });
    server.clock.advance(4 * 3600 * 1000);
    const expired = await openPage(hosted_page.url ?? '');
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('This page has expired');
    // A manage-payment page's new card announces itself; its first delivery failed and is retried.
    const manage = await cb.hostedPage.managePaymentSources({
      customer: { id: TEAM },
      redirect_url: returnUrl(),
    });
    const saved = await payWith(manage.hosted_page.url ?? '', '4111 1111 1111 1111');
    expect(saved.status).toBe(303);
    await server.billing.webhooksSettled();
    expect(receiver.received.slice(count).map((w) => w.body.event_type)).toEqual([
      'payment_source_added',
      'card_updated',
    ]);
  });

  it('refuses a cross-site post of the payment form', async () => {
    const manage = await cb.hostedPage.managePaymentSources({ customer: { id: TEAM } });
    const url = manage.hosted_page.url ?? '';
    const { token } = await openPage(url);
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams({ token, number: '4111111111111111', ...CARD }).toString(),
    });
    expect(response.status).toBe(403);
    expect((await cb.hostedPage.retrieve(manage.hosted_page.id ?? '')).hosted_page.state).toBe(
      'requested',
    );
  });

  it('leaves a renewal due with payment_failed when the card has expired, and a free month takes no payment', async () => {
    const team = 'team-expiring';
    const now = server.clock();
    // The card's last valid month is this one: the first renewal, next month, cannot charge it.
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100)}`;
    const { hosted_page } = await cb.hostedPage.checkoutNewForItems({
      customer: { id: team, email: 'late@example.com' },
      subscription: { id: team },
      subscription_items: [{ item_price_id: 'basic-plan' }],
      coupon_ids: ['1-FREE-MONTH-MONTHLY'],
      redirect_url: returnUrl(),
    });
    const page = await openPage(hosted_page.url ?? '');
    expect(page.html).toContain('Pay $0.00');
    const paid = await postPage(hosted_page.url ?? '', {
      token: page.token,
      source: 'new',
      action: 'pay',
      number: '4111111111111111',
      ...CARD,
      expiry,
    });
    expect(paid.status).toBe(303);
    server.clock.advance(32 * DAY);
    const { subscription } = await cb.subscription.retrieve(team);
    expect(subscription.status).toBe('active');
    const { list } = await cb.invoice.list({ customer_id: { is: team }, limit: 10 });
    expect(
      list.map(({ invoice }) => [invoice.status, invoice.amount_due, invoice.amount_paid]),
    ).toEqual([
      ['payment_due', 2999, 0],
      ['paid', 0, 0],
    ]);
    const events = (await cb.event.list({ limit: 100 })).list
      .map(({ event }) => event)
      .filter(
        (event) => (event.content as { subscription?: { id?: string } }).subscription?.id === team,
      )
      .map((event) => event.event_type);
    expect(events).toEqual([
      'subscription_created',
      'invoice_generated',
      'subscription_renewed',
      'invoice_generated',
      'payment_failed',
    ]);
  });
});
