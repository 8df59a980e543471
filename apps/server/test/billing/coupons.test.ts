import Chargebee from 'chargebee';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COUPONS, ENDPOINTS } from '@gds/contract';
import type { BillingPeriod } from '@gds/contract';
import { sandboxBillingOf } from '../../src/app.ts';
import { callAt, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { payWith } from '../sandbox-billing/hosted-page-browser.ts';

const MONTHLY = 2999;
const ANNUAL = 35988;

/**
 * Every coupon the product sells, through the app in demo mode (the sandbox provider behind
 * the official client): the preview takes its discount off on a plan it is for, checkout
 * charges that same amount and the invoice shows it, and a plan it is not for is refused
 * with a message saying which plans it is for.
 */
const CASES: {
  code: string;
  /** The plan period it is for, and its discount on the bare plan there. */
  period: BillingPeriod;
  discount: number;
  /** The period it is refused on, and the message; undefined: it goes with both. */
  refusedOn?: { period: BillingPeriod; message: string };
}[] = [
  { code: COUPONS.promo, period: 'month', discount: 300 },
  {
    code: COUPONS.annual,
    period: 'year',
    discount: 5398,
    refusedOn: { period: 'month', message: 'The coupon GDS-ANNUAL applies to annual plans only.' },
  },
  {
    code: COUPONS.halfOffMonthly,
    period: 'month',
    discount: 1500,
    refusedOn: {
      period: 'year',
      message: 'The coupon 50-OFF-MONTHLY applies to monthly plans only.',
    },
  },
  {
    code: COUPONS.halfOffAnnual,
    period: 'year',
    discount: ANNUAL / 2,
    refusedOn: {
      period: 'month',
      message: 'The coupon 50-OFF-ANNUAL applies to annual plans only.',
    },
  },
  {
    code: COUPONS.freeMonthMonthly,
    period: 'month',
    discount: MONTHLY,
    refusedOn: {
      period: 'year',
      message: 'The coupon 1-FREE-MONTH-MONTHLY applies to monthly plans only.',
    },
  },
  {
    code: COUPONS.threeFreeMonthsMonthly,
    period: 'month',
    discount: MONTHLY,
    refusedOn: {
      period: 'year',
      message: 'The coupon 3-FREE-MONTHS-MONTHLY applies to monthly plans only.',
    },
  },
  {
    code: COUPONS.freeMonthAnnual,
    period: 'year',
    discount: MONTHLY,
    refusedOn: {
      period: 'month',
      message: 'The coupon 1-FREE-MONTH-ANNUAL applies to annual plans only.',
    },
  },
  {
    code: COUPONS.threeFreeMonthsAnnual,
    period: 'year',
    discount: 3 * MONTHLY,
    refusedOn: {
      period: 'month',
      message: 'The coupon 3-FREE-MONTHS-ANNUAL applies to annual plans only.',
    },
  },
];

describeEachDatabase('billing: every coupon where its rule allows it', (db) => {
  let ctx: SandboxContext;
  let provider: Chargebee;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
    const billing = sandboxBillingOf(ctx.app);
    if (!billing) throw new Error('demo mode mounted no sandbox billing provider');
    const { apiPath, ...client } = billing.settings.client;
    provider = new Chargebee({
      ...client,
      apiPath: apiPath as '/api/v2',
      sdkTelemetryEnabled: false,
    });
  });
  afterAll(() => ctx.app.close());

  it('covers every coupon the product sells', () => {
    expect(CASES.map((c) => c.code).sort()).toEqual(Object.values(COUPONS).sort());
  });

  it.each(CASES)(
    '$code: previewed, charged and invoiced alike; refused elsewhere naming why',
    async ({ code, period, discount, refusedOn }) => {
      const owner = await signIn(ctx.app, ctx.identity, `${code.toLowerCase()}@example.com`);
      const cookie = owner.cookie;
      // The bare plan: the included accounts and users, no add-ons.
      const selection = { period, accounts: 20, users: 5, addons: '', coupon: code };
      const price = period === 'year' ? ANNUAL : MONTHLY;

      const preview = await callAt(ctx, ENDPOINTS.estimatePlan, { cookie, form: selection });
      expect(preview.statusCode, preview.body).toBe(200);
      const estimate = preview.json();
      expect(estimate.coupon?.code).toBe(code);
      expect(estimate.dueToday.subTotal).toBe(price);
      expect(estimate.dueToday.discounts.map((d) => d.amount)).toEqual([discount]);
      expect(estimate.dueToday.total).toBe(price - discount);

      const checkout = await callAt(ctx, ENDPOINTS.customizePlan, {
        cookie,
        form: { ...selection, idempotencyKey: `coupon-${code}` },
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
      const paid = await payWith(checkout.json().hostedPageUrl, '4111 1111 1111 1111');
      expect(paid.status).toBe(303);
      const hostedPageId = new URL(paid.location ?? '').searchParams.get('id') ?? '';
      const confirmed = await callAt(ctx, ENDPOINTS.confirmCheckout, {
        cookie,
        form: { hostedPageId },
      });
      expect(confirmed.json().outcome).toBe('succeeded');

      const invoices = (await callAt(ctx, ENDPOINTS.getInvoices, { cookie })).json().invoices;
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ total: price - discount, amountDue: 0 });
      // The invoice itself (the document the PDF prints) names the coupon and its amount.
      const { invoice } = await provider.invoice.retrieve(invoices[0]?.id ?? '');
      expect(invoice.discounts?.map((d) => [d.entity_id, d.amount])).toEqual([[code, discount]]);

      if (refusedOn) {
        const refused = await callAt(ctx, ENDPOINTS.estimatePlan, {
          cookie,
          form: { ...selection, period: refusedOn.period },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.error()).toEqual({
          code: 'VALIDATION_FAILED',
          message: refusedOn.message,
          field: 'coupon',
        });
      } else {
        const other = period === 'year' ? 'month' : 'year';
        const elsewhere = await callAt(ctx, ENDPOINTS.estimatePlan, {
          cookie,
          form: { ...selection, period: other },
        });
        expect(elsewhere.statusCode, elsewhere.body).toBe(200);
        expect(elsewhere.json().dueToday.discounts).toHaveLength(1);
      }
    },
  );
});
