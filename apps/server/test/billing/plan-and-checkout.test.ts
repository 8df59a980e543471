import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { deliver } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { startFakeChargebee } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

describeEachDatabase('billing: plan, prices, checkout', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  let fake: FakeChargebee;
  beforeAll(async () => {
    fake = await startFakeChargebee();
    app = await createTestApp(db(), { identity, clock, billing: fake.settings });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const usage = async (owner: SignedIn) =>
    (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
  const facebookAdsAllowed = async (owner: SignedIn) => {
    const catalog = (
      await call(app, ENDPOINTS.getConnectorConfig, {
        query: { all: 'true' },
        cookie: owner.cookie,
      })
    ).json();
    return Object.values(catalog).find((c) => c.nameSimple === 'facebook-ads')?.allowed;
  };

  it('a new team is in a 14-day trial of its skin’s default plan with the included quantities', async () => {
    const owner = await signIn(app, identity, 'trial@example.com', 'RAVEN_GDS');
    const response = await call(app, ENDPOINTS.getPlanUsage, {
      cookie: owner.cookie,
      unit: 'RAVEN_GDS',
    });
    const body = response.json();
    expect(body.subscriptionDetails).toMatchObject({
      status: 'in_trial',
      planId: 'raven-v1-basic-plan',
      period: 'month',
      trialDaysLeft: 14,
      end_date: '2026-01-19T09:00:00.000Z',
      webhook_status: 'confirmed',
      accounts: 20,
      users: 3,
      addons: [],
    });
    expect(body.usage.accounts).toEqual({ used: 0, limit: 20 });
    expect(body.usage.users).toEqual({ used: 1, limit: 3 });
    expect(body.canGrow).toBe(true);
    expect(body.card).toBeNull();
    expect(body.plan.applicableDiscounts).toEqual([
      { id: 'annual', description: 'Save 20% with annual billing.' },
    ]);
  });

  it('plans and add-ons are the provider’s prices for the caller’s skin', async () => {
    const owner = await signIn(app, identity, 'tap@example.com', 'TAPCLICKS_GDS');
    const plans = (
      await call(app, ENDPOINTS.getPlans, { cookie: owner.cookie, unit: 'TAPCLICKS_GDS' })
    ).json();
    expect(plans.plans.month).toMatchObject({
      planId: 'tapclicks-v1-basic-plan',
      price: 4999,
      includedAccounts: 35,
      includedUsers: 1,
      applyDiscount: false,
    });
    expect(plans.plans.year).toMatchObject({
      planId: 'tapclicks-v1-annual-plan',
      price: 47990,
      applyDiscount: true,
    });
    const addons = (
      await call(app, ENDPOINTS.getAddons, { cookie: owner.cookie, unit: 'TAPCLICKS_GDS' })
    ).json().addons;
    expect(addons.map((a) => a.id)).toEqual(['team-users', 'accounts']);
    expect(addons.find((a) => a.id === 'accounts')).toMatchObject({
      type: 'feature',
      included: 35,
      prices: { month: 1000, year: 9600 },
    });

    const megalytic = await signIn(app, identity, 'mega@example.com');
    const megaAddons = (await call(app, ENDPOINTS.getAddons, { cookie: megalytic.cookie })).json()
      .addons;
    expect(megaAddons.find((a) => a.id === 'bing-ads')).toMatchObject({
      type: 'connector',
      name: 'Microsoft Advertising (Bing Ads)',
      prices: { month: 1000, year: 12000 },
      included: 0,
    });
  });

  it('estimates a selection with its coupon; unknown and ineligible coupons are named', async () => {
    const owner = await signIn(app, identity, 'estimate@example.com');
    const form = { period: 'month', accounts: 23, users: 5, addons: 'facebook-ads' };
    const estimate = await call(app, ENDPOINTS.estimatePlan, {
      cookie: owner.cookie,
      form: { ...form, coupon: 'GDS-PROMO' },
    });
    const body = estimate.json();
    // basic-plan 2999 + 3 accounts × 300 + facebook-ads 1000, less 10 %.
    expect(body.dueToday.subTotal).toBe(4899);
    expect(body.dueToday.lines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['basic-plan', 1, 2999],
      ['accounts-monthly', 3, 900],
      ['facebook-ads-monthly', 1, 1000],
    ]);
    expect(body.dueToday.discounts).toEqual([{ description: 'GDS-PROMO', amount: 490 }]);
    expect(body.coupon).toEqual({ code: 'GDS-PROMO', description: 'GDS-PROMO' });

    const unknown = await call(app, ENDPOINTS.estimatePlan, {
      cookie: owner.cookie,
      form: { ...form, coupon: 'GDS-X' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The coupon GDS-X does not exist. Check the code and try again.',
      field: 'coupon',
    });
    const annualOnly = await call(app, ENDPOINTS.estimatePlan, {
      cookie: owner.cookie,
      form: { ...form, coupon: '50-OFF-ANNUAL' },
    });
    expect(annualOnly.error()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The coupon 50-OFF-ANNUAL applies to annual plans only.',
      field: 'coupon',
    });

    const tooMany = await call(app, ENDPOINTS.estimatePlan, {
      cookie: owner.cookie,
      form: { ...form, accounts: 101 },
    });
    expect(tooMany.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'accounts' });
    const notSold = await call(app, ENDPOINTS.estimatePlan, {
      cookie: owner.cookie,
      form: { ...form, addons: 'google-ads' },
    });
    expect(notSold.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'addons' });
  });

  it('checkout is idempotent per key, and once paid and confirmed the plan and its add-on connector are the team’s', async () => {
    const owner = await signIn(app, identity, 'buyer@example.com');
    expect(await facebookAdsAllowed(owner)).toBe(false);
    const form = {
      period: 'month',
      accounts: 25,
      users: 6,
      addons: 'facebook-ads',
      idempotencyKey: 'checkout-key-1',
    };
    const first = (await call(app, ENDPOINTS.customizePlan, { cookie: owner.cookie, form })).json();
    const again = (await call(app, ENDPOINTS.customizePlan, { cookie: owner.cookie, form })).json();
    expect(again.hostedPageUrl).toBe(first.hostedPageUrl);
    const pageCalls = fake.calls.filter((c) => c.path.includes('checkout_new_for_items'));
    expect(pageCalls).toHaveLength(1);
    expect(pageCalls[0]?.headers['chargebee-idempotency-key']).toBe(
      `${owner.team.id}:checkout-key-1`,
    );
    expect(pageCalls[0]?.body.get('redirect_url')).toBe('http://localhost:3000/thankyou');
    expect(pageCalls[0]?.body.get('cancel_url')).toBe(
      'http://localhost:3000/billing?checkout=cancelled',
    );
    const rows = await db()
      .selectFrom('billing_checkouts')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(rows).toHaveLength(1);

    // The same key for another choice is refused, not misread as the first one.
    const reused = await call(app, ENDPOINTS.customizePlan, {
      cookie: owner.cookie,
      form: { ...form, users: 7 },
    });
    expect(reused.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'idempotencyKey' });

    expect(
      (
        await call(app, ENDPOINTS.updateSubscriptionWebhookStatus, {
          cookie: owner.cookie,
          form: { webhookStatus: 'pending' },
        })
      ).json(),
    ).toEqual({ success: true });
    expect((await usage(owner)).subscriptionDetails.webhook_status).toBe('pending');

    const pageId = [...fake.pages.values()].find((p) => p.teamId === owner.team.id)?.id ?? '';
    const event = fake.pay(pageId);
    expect((await deliver(app, event)).statusCode).toBe(200);

    const after = await usage(owner);
    expect(after.subscriptionDetails).toMatchObject({
      status: 'active',
      webhook_status: 'confirmed',
      accounts: 25,
      users: 6,
      addons: ['facebook-ads'],
      trialDaysLeft: null,
    });
    expect(after.plan).toMatchObject({
      accountLimit: 25,
      userLimit: 6,
      connectors: ['facebook-ads'],
    });
    expect(after.card).toEqual({ brand: 'visa', last4: '1111', expiryMonth: 12, expiryYear: 2030 });
    expect(after.usage.addonConnectors.find((a) => a.connector === 'facebook-ads')).toMatchObject({
      owned: true,
      accounts: 0,
    });
    expect(await facebookAdsAllowed(owner)).toBe(true);
    const changes = await auditOf(db(), owner.team.id, 'billing.plan_change');
    expect(changes.map((c) => c.details)).toEqual([
      {
        from: null,
        to: 'basic-plan: 25 accounts, 6 users, Facebook Ads',
        status: 'active',
      },
    ]);

    // A change later goes through checkout_existing_for_items.
    await call(app, ENDPOINTS.customizePlan, {
      cookie: owner.cookie,
      form: { ...form, idempotencyKey: 'checkout-key-2', addons: '' },
    });
    expect(fake.calls.filter((c) => c.path.includes('checkout_existing_for_items'))).toHaveLength(
      1,
    );
  });

  it('a trial without a plan has no next bill, and the provider is not asked', async () => {
    const owner = await signIn(app, identity, 'next@example.com');
    const before = fake.calls.length;
    const trial = (
      await call(app, ENDPOINTS.estimateNextBillingAmount, { cookie: owner.cookie, form: {} })
    ).json();
    expect(trial).toEqual({ amount: 0, currency: 'USD', date: null });
    expect(fake.calls.length).toBe(before);
  });

  it('the provider being down is a 502 with a plain message, and nothing is stored', async () => {
    const owner = await signIn(app, identity, 'down@example.com');
    fake.control.down = true;
    try {
      const response = await call(app, ENDPOINTS.customizePlan, {
        cookie: owner.cookie,
        form: { period: 'month', accounts: 20, users: 5, idempotencyKey: 'down-key-1' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.error()).toEqual({
        code: 'BAD_GATEWAY',
        message:
          'The payment provider did not answer. Nothing was changed; please try again in a minute.',
      });
    } finally {
      fake.control.down = false;
    }
    const rows = await db()
      .selectFrom('billing_checkouts')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
