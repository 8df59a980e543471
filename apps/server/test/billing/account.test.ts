import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, RAVEN_PLAN_PRICES } from '@gds/contract';
import { buyPlan, sandboxProvider } from '../helpers/billing.ts';
import { callAt, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';
import { openPage } from '../sandbox-billing/hosted-page-browser.ts';

/** The bare monthly plan's price, cents: the Megalytic plan is priced as the basic plan. */
const PLAN_PRICE = RAVEN_PLAN_PRICES['basic-plan'];

describeEachDatabase('billing: card, invoices, cancel, feedback', (db) => {
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let identity: SandboxContext['identity'];
  // One listening demo-mode app: its sandbox billing provider sells the plans.
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock: testClock() });
    app = ctx.app;
    identity = ctx.identity;
  });
  afterAll(() => app.close());
  const bare = (key: string) => ({ accounts: 20, users: 5, idempotencyKey: key });

  it('a team that never bought a plan has no card page, no invoices and nothing to cancel', async () => {
    const owner = await signIn(app, identity, 'never@example.com');
    const card = await callAt(ctx, ENDPOINTS.updateCard, { cookie: owner.cookie, form: {} });
    expect(card.statusCode).toBe(409);
    expect(card.error().message).toMatch(/Choose a plan in Billing/);
    expect((await callAt(ctx, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json()).toEqual({
      invoices: [],
      payments: [],
    });
    expect(
      (await callAt(ctx, ENDPOINTS.getAddons, { cookie: owner.cookie })).json().customAddons,
    ).toEqual([]);
    const cancel = await callAt(ctx, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('the card page is the provider’s; invoices list newest first and download only for their team', async () => {
    const owner = await signIn(app, identity, 'invoices@example.com');
    const other = await signIn(app, identity, 'other-invoices@example.com');
    await buyPlan(ctx, owner.cookie, bare('invoices-buys'));
    await buyPlan(ctx, other.cookie, bare('other-invoices-buys'));
    const page = (
      await callAt(ctx, ENDPOINTS.updateCard, { cookie: owner.cookie, form: {} })
    ).json();
    expect(page.hostedPageUrl.startsWith(`${ctx.base}/sandbox/chargebee/pages/`)).toBe(true);
    // The page is the owner's: it shows the card their plan was paid with.
    const shown = await openPage(page.hostedPageUrl);
    expect(shown.status).toBe(200);
    expect(shown.html).toMatch(/Card on file: .* ending 1111/);

    const invoices = (await callAt(ctx, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json()
      .invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      total: PLAN_PRICE,
      amountDue: 0,
      currency: 'USD',
    });
    const id = invoices[0]?.id ?? '';
    // The payments as the provider records them: the card payment that paid the invoice.
    const answer = (await callAt(ctx, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json();
    expect(answer.payments).toEqual([
      {
        id: `txn_${id}`,
        date: invoices[0]?.date,
        amount: PLAN_PRICE,
        currency: 'USD',
        type: 'payment',
        status: 'success',
        paymentMethod: 'card',
        // The sandbox records no card digits on its transactions.
        cardLast4: null,
        invoiceIds: [id],
      },
    ]);
    const otherPayments = (
      await callAt(ctx, ENDPOINTS.getInvoices, { cookie: other.cookie })
    ).json().payments;
    expect(otherPayments.map((p) => p.invoiceIds)).not.toContainEqual([id]);
    const download = await callAt(ctx, ENDPOINTS.downloadInvoice, {
      cookie: owner.cookie,
      form: { id },
    });
    const file = await fetch(download.json().downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const stolen = await callAt(ctx, ENDPOINTS.downloadInvoice, {
      cookie: other.cookie,
      form: { id },
    });
    expect(stolen.statusCode).toBe(404);
    const unknown = await callAt(ctx, ENDPOINTS.downloadInvoice, {
      cookie: owner.cookie,
      form: { id: '999999' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels at term end and resumes, each recorded in the activity log', async () => {
    const owner = await signIn(app, identity, 'cancel@example.com');
    await buyPlan(ctx, owner.cookie, bare('cancel-buys'));
    const reasons = (await callAt(ctx, ENDPOINTS.getChurnReasons, { cookie: owner.cookie })).json()
      .reasons;
    expect(reasons.map((r) => r.id)).toContain('too_expensive');
    const feedback = await callAt(ctx, ENDPOINTS.submitChurnFeedback, {
      cookie: owner.cookie,
      form: { reason: 'missing_connector', payload: 'We need TikTok.' },
    });
    expect(feedback.json()).toEqual({ success: true });
    const badReason = await callAt(ctx, ENDPOINTS.submitChurnFeedback, {
      cookie: owner.cookie,
      form: { reason: 'bored', payload: '' },
    });
    expect(badReason.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' });

    const cancelled = await callAt(ctx, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    const { provider } = sandboxProvider(app);
    const termEnd = (await provider.subscription.retrieve(owner.team.id)).subscription
      .current_term_end as number;
    expect(cancelled.json().subscriptionDetails).toMatchObject({
      status: 'non_renewing',
      end_date: new Date(termEnd * 1000).toISOString(),
    });
    const twice = await callAt(ctx, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(twice.statusCode).toBe(409);
    // Until the term ends the team keeps growing.
    expect(
      (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json().canGrow,
    ).toBe(true);

    const resumed = await callAt(ctx, ENDPOINTS.resumeSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(resumed.json().subscriptionDetails).toMatchObject({ status: 'active', end_date: null });
    expect(
      (await callAt(ctx, ENDPOINTS.resumeSubscription, { cookie: owner.cookie, form: {} }))
        .statusCode,
    ).toBe(409);
    const actions = (await auditOf(db(), owner.team.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['billing.cancel', 'billing.resume']));
  });

  it('the thank-you feedback is taken once per team', async () => {
    const owner = await signIn(app, identity, 'thanks@example.com');
    const form = { rating: '5', payload: 'Smooth.' };
    expect(
      (await callAt(ctx, ENDPOINTS.submitBillingFeedback, { cookie: owner.cookie, form })).json(),
    ).toEqual({ success: true });
    const usage = (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.plan.isFeedbackSubmitted).toBe(true);
    const second = await callAt(ctx, ENDPOINTS.submitBillingFeedback, {
      cookie: owner.cookie,
      form,
    });
    expect(second.statusCode).toBe(409);
    expect(second.error().code).toBe('CONFLICT');
  });
});
