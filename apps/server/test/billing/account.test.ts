import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { subscribeTeam } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { startFakeChargebee } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';
import { signIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

describeEachDatabase('billing: card, invoices, cancel, feedback', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let fake: FakeChargebee;
  beforeAll(async () => {
    fake = await startFakeChargebee();
    app = await createTestApp(db(), { identity, clock: testClock(), billing: fake.settings });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('a team that never bought a plan has no card page, no invoices and nothing to cancel', async () => {
    const owner = await signIn(app, identity, 'never@example.com');
    const card = await call(app, ENDPOINTS.updateCard, { cookie: owner.cookie, form: {} });
    expect(card.statusCode).toBe(409);
    expect(card.error().message).toMatch(/Choose a plan in Billing/);
    expect((await call(app, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json()).toEqual({
      invoices: [],
      payments: [],
    });
    expect(
      (await call(app, ENDPOINTS.getAddons, { cookie: owner.cookie })).json().customAddons,
    ).toEqual([]);
    const cancel = await call(app, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('the card page is the provider’s; invoices list newest first and download only for their team', async () => {
    const owner = await signIn(app, identity, 'invoices@example.com');
    const other = await signIn(app, identity, 'other-invoices@example.com');
    await subscribeTeam(app, fake, owner.team.id);
    await subscribeTeam(app, fake, other.team.id);
    const page = (await call(app, ENDPOINTS.updateCard, { cookie: owner.cookie, form: {} })).json();
    expect(page.hostedPageUrl).toMatch(/^http:\/\/checkout\.test\/pages\/hp_\d+$/);
    const sent = fake.calls.filter((c) => c.path.endsWith('/manage_payment_sources')).at(-1);
    expect(sent?.body.get('customer[id]')).toBe(owner.team.id);

    const invoices = (await call(app, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json()
      .invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      total: 2999,
      amountDue: 0,
      currency: 'USD',
    });
    const id = invoices[0]?.id ?? '';
    // The payments as the provider records them: the card payment that paid the invoice.
    const answer = (await call(app, ENDPOINTS.getInvoices, { cookie: owner.cookie })).json();
    expect(answer.payments).toEqual([
      {
        id: `txn_${id}`,
        date: invoices[0]?.date,
        amount: 2999,
        currency: 'USD',
        type: 'payment',
        status: 'success',
        paymentMethod: 'card',
        cardLast4: '1111',
        invoiceIds: [id],
      },
    ]);
    const otherPayments = (await call(app, ENDPOINTS.getInvoices, { cookie: other.cookie })).json()
      .payments;
    expect(otherPayments.map((p) => p.invoiceIds)).not.toContainEqual([id]);
    const download = await call(app, ENDPOINTS.downloadInvoice, {
      cookie: owner.cookie,
      form: { id },
    });
    expect(download.json().downloadUrl).toBe(`http://files.test/invoices/${id}.pdf`);
    const stolen = await call(app, ENDPOINTS.downloadInvoice, {
      cookie: other.cookie,
      form: { id },
    });
    expect(stolen.statusCode).toBe(404);
    const unknown = await call(app, ENDPOINTS.downloadInvoice, {
      cookie: owner.cookie,
      form: { id: '999999' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels at term end and resumes, each recorded in the activity log', async () => {
    const owner = await signIn(app, identity, 'cancel@example.com');
    await subscribeTeam(app, fake, owner.team.id);
    const reasons = (await call(app, ENDPOINTS.getChurnReasons, { cookie: owner.cookie })).json()
      .reasons;
    expect(reasons.map((r) => r.id)).toContain('too_expensive');
    const feedback = await call(app, ENDPOINTS.submitChurnFeedback, {
      cookie: owner.cookie,
      form: { reason: 'missing_connector', payload: 'We need TikTok.' },
    });
    expect(feedback.json()).toEqual({ success: true });
    const badReason = await call(app, ENDPOINTS.submitChurnFeedback, {
      cookie: owner.cookie,
      form: { reason: 'bored', payload: '' },
    });
    expect(badReason.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' });

    const cancelled = await call(app, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    const termEnd = fake.subscription(owner.team.id)?.subscription.current_term_end as number;
    expect(cancelled.json().subscriptionDetails).toMatchObject({
      status: 'non_renewing',
      end_date: new Date(termEnd * 1000).toISOString(),
    });
    const twice = await call(app, ENDPOINTS.cancelSubscription, { cookie: owner.cookie, form: {} });
    expect(twice.statusCode).toBe(409);
    // Until the term ends the team keeps growing.
    expect((await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json().canGrow).toBe(
      true,
    );

    const resumed = await call(app, ENDPOINTS.resumeSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(resumed.json().subscriptionDetails).toMatchObject({ status: 'active', end_date: null });
    expect(
      (await call(app, ENDPOINTS.resumeSubscription, { cookie: owner.cookie, form: {} }))
        .statusCode,
    ).toBe(409);
    const actions = (await auditOf(db(), owner.team.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['billing.cancel', 'billing.resume']));
  });

  it('the thank-you feedback is taken once per team', async () => {
    const owner = await signIn(app, identity, 'thanks@example.com');
    const form = { rating: '5', payload: 'Smooth.' };
    expect(
      (await call(app, ENDPOINTS.submitBillingFeedback, { cookie: owner.cookie, form })).json(),
    ).toEqual({ success: true });
    const usage = (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.plan.isFeedbackSubmitted).toBe(true);
    const second = await call(app, ENDPOINTS.submitBillingFeedback, { cookie: owner.cookie, form });
    expect(second.statusCode).toBe(409);
    expect(second.error().code).toBe('CONFLICT');
  });
});
