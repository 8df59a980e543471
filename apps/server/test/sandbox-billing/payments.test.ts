import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { callAt, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { payWith } from './hosted-page-browser.ts';

/**
 * In demo mode the sandbox billing provider records the card payment that paid each invoice as
 * Chargebee records transactions; Billing's invoices answer carries them as `payments`.
 */
describeEachDatabase('sandbox billing: payments', (db) => {
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
  });
  afterAll(() => ctx.app.close());

  it('a paid checkout is one card payment of the invoice’s amount, linked to it; nothing offered beyond the catalogue', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'payments@example.com');
    const cookie = owner.cookie;
    const before = (await callAt(ctx, ENDPOINTS.getInvoices, { cookie })).json();
    expect(before).toEqual({ invoices: [], payments: [] });

    const checkout = await callAt(ctx, ENDPOINTS.customizePlan, {
      cookie,
      form: { period: 'month', accounts: 20, users: 5, addons: '', idempotencyKey: 'payments-1' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await payWith(checkout.json().hostedPageUrl, '4111 1111 1111 1111');
    expect(paid.status).toBe(303);
    const hostedPageId = new URL(paid.location ?? '').searchParams.get('id') ?? '';
    await callAt(ctx, ENDPOINTS.confirmCheckout, { cookie, form: { hostedPageId } });

    const answer = (await callAt(ctx, ENDPOINTS.getInvoices, { cookie })).json();
    expect(answer.invoices).toHaveLength(1);
    const invoice = answer.invoices[0];
    expect(answer.payments).toEqual([
      {
        id: `txn_${invoice?.id}`,
        date: invoice?.date,
        amount: invoice?.amountPaid,
        currency: invoice?.currency,
        type: 'payment',
        status: 'success',
        paymentMethod: 'card',
        cardLast4: null,
        invoiceIds: [invoice?.id],
      },
    ]);
    expect(invoice?.amountPaid).toBeGreaterThan(0);

    const addons = (await callAt(ctx, ENDPOINTS.getAddons, { cookie })).json();
    expect(addons.addons.length).toBeGreaterThan(0);
    expect(addons.customAddons).toEqual([]);
  });
});
