import type Chargebee from 'chargebee';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { failure, startBillingServer, startWebhookReceiver } from './billing-server.ts';
import type { BillingServer } from './billing-server.ts';

/** The catalogue, coupons and estimates through the official chargebee client. */
describeEachDatabase('sandbox billing: catalogue and estimates', (db) => {
  let server: BillingServer;
  let cb: Chargebee;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startBillingServer(db(), receiver.url);
    cb = server.chargebee;
  });
  afterAll(async () => {
    await server.app.close();
    await receiver.close();
  });

  it('lists each family’s item prices and answers coupons, in Chargebee’s shapes', async () => {
    const megalytic = await cb.itemPrice.list({
      item_family_id: { is: 'megalytic' },
      status: { is: 'active' },
      limit: 100,
    });
    const byId = new Map(megalytic.list.map(({ item_price }) => [item_price.id, item_price]));
    expect(byId.get('basic-plan')).toMatchObject({
      price: 2999,
      period_unit: 'month',
      item_type: 'plan',
    });
    expect(byId.get('annual-plan')).toMatchObject({ price: 35988, period_unit: 'year' });
    expect(byId.get('accounts-monthly')).toMatchObject({ price: 300, pricing_model: 'per_unit' });
    expect(byId.get('bing-ads-annual')).toMatchObject({ price: 12000, pricing_model: 'flat_fee' });
    expect(megalytic.list).toHaveLength(2 + 8 * 2);
    const raven = await cb.itemPrice.list({ item_family_id: { is: 'raven' }, limit: 100 });
    expect(raven.list.map(({ item_price }) => [item_price.id, item_price.price])).toEqual(
      expect.arrayContaining([
        ['raven-v1-annual-plan', 28790],
        ['raven-v1-accounts-annual', 2880],
      ]),
    );
    const tapclicks = await cb.itemPrice.list({ item_family_id: { is: 'tapclicks' }, limit: 4 });
    expect(tapclicks.list).toHaveLength(4);
    expect(tapclicks.next_offset).toBe('4');

    const { coupon } = await cb.coupon.retrieve('GDS-PROMO');
    expect(coupon).toMatchObject({
      discount_type: 'percentage',
      discount_percentage: 10,
      duration_type: 'forever',
    });
    const missing = await failure(cb.coupon.retrieve('NOPE'));
    expect(missing).toMatchObject({ api_error_code: 'resource_not_found', http_status_code: 404 });
  });

  it('refuses a wrong API key the way Chargebee does', async () => {
    const { default: Client } = await import('chargebee');
    const { apiPath, ...client } = server.billing.settings.client;
    const wrong = new Client({
      ...client,
      apiKey: 'test_wrong',
      apiPath: apiPath as '/api/v2',
      sdkTelemetryEnabled: false,
    });
    expect(await failure(wrong.coupon.retrieve('GDS-PROMO'))).toMatchObject({
      api_error_code: 'api_authentication_failed',
      http_status_code: 401,
    });
  });

  it('estimates a new subscription with its coupon, and refuses a coupon for another period', async () => {
    const { estimate } = await cb.estimate.createSubItemEstimate({
      subscription_items: [
        { item_price_id: 'basic-plan' },
        { item_price_id: 'accounts-monthly', quantity: 5 },
      ],
      coupon_ids: ['GDS-PROMO'],
    });
    const invoice = estimate.invoice_estimate;
    expect(invoice?.sub_total).toBe(2999 + 1500);
    expect(invoice?.discounts?.[0]?.amount).toBe(450);
    expect(invoice?.amount_due).toBe(4049);
    expect(estimate.next_invoice_estimate?.total).toBe(4049);

    const refused = await failure(
      cb.estimate.createSubItemEstimate({
        subscription_items: [{ item_price_id: 'annual-plan' }],
        coupon_ids: ['50-OFF-MONTHLY'],
      }),
    );
    expect(refused).toMatchObject({ api_error_code: 'invalid_request', http_status_code: 400 });
    expect(refused.message).toMatch(/monthly plans only/);
    const unknown = await failure(
      cb.estimate.createSubItemEstimate({ subscription_items: [{ item_price_id: 'gold-plan' }] }),
    );
    expect(unknown).toMatchObject({ api_error_code: 'resource_not_found', http_status_code: 404 });
  });
});
