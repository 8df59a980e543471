import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { SandboxBilling } from '@gds/sandbox';
import { sandboxProvider } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { HOSTS, testClock } from '../helpers/test-app.ts';
import { CARD } from '../sandbox-billing/hosted-page-browser.ts';

/** How long the app waits for the billing provider here (the "no answer" outage waits it out). */
const PROVIDER_TIMEOUT_MS = 1500;

describeEachDatabase('billing: plan, prices, checkout', (db) => {
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let identity: SandboxContext['identity'];
  let billing: SandboxBilling;
  // One listening demo-mode app: its sandbox billing provider sells the plans, takes the
  // payments on its hosted pages and sends the webhooks.
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), {
      clock: testClock(),
      env: {
        // The brands' hosts; people use the app there, the sandbox's webhooks reach it on its
        // listening address.
        APP_ORIGINS: Object.values(HOSTS)
          .map((host) => `http://${host}`)
          .join(','),
        CHARGEBEE_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      },
    });
    app = ctx.app;
    identity = ctx.identity;
    billing = sandboxProvider(app).billing;
  });
  afterAll(() => app.close());
  /** Pays a hosted page with a good card, in a browser on the page's host (the brand's). */
  const payOnPage = async (url: string) => {
    const address = new URL(url);
    const target = { url: `${address.pathname}${address.search}`, host: address.host };
    const page = await app.inject({
      method: 'GET',
      url: target.url,
      headers: { host: target.host },
    });
    expect(page.statusCode, page.body).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const fields = { token, source: 'new', action: 'pay', number: '4111 1111 1111 1111', ...CARD };
    return app.inject({
      method: 'POST',
      url: target.url,
      headers: {
        host: target.host,
        origin: address.origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  };
  /** The provider's log of calls to one API path, from the `since`th call on. */
  const callsTo = (path: string, since = 0) =>
    billing
      .calls()
      .slice(since)
      .filter((c) => c.path === path);

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
      ['Megalytic Monthly Plan', 1, 2999],
      ['Extra Accounts × 3', 3, 900],
      ['Facebook Ads', 1, 1000],
    ]);
    expect(body.dueToday.discounts).toEqual([{ description: '10% off', amount: 490 }]);
    expect(body.coupon).toEqual({ code: 'GDS-PROMO', description: '10% off' });

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
    const asked = billing.calls().length;
    const first = (await call(app, ENDPOINTS.customizePlan, { cookie: owner.cookie, form })).json();
    const again = (await call(app, ENDPOINTS.customizePlan, { cookie: owner.cookie, form })).json();
    expect(again.hostedPageUrl).toBe(first.hostedPageUrl);
    // Asked twice, the provider was asked once, with the team's key for that checkout.
    const pageCalls = callsTo('/hosted_pages/checkout_new_for_items', asked);
    expect(pageCalls).toHaveLength(1);
    expect(pageCalls[0]?.idempotencyKey).toBe(`${owner.team.id}:checkout-key-1`);
    expect(pageCalls[0]?.params.redirect_url).toBe('http://localhost:3000/thankyou');
    expect(pageCalls[0]?.params.cancel_url).toBe(
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

    // Paid on the provider's page; the person has not come back, the webhooks bring the plan.
    const paid = await payOnPage(first.hostedPageUrl);
    expect(paid.statusCode, paid.body).toBe(303);
    await billing.webhooksSettled();

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
    const beforeChange = billing.calls().length;
    await call(app, ENDPOINTS.customizePlan, {
      cookie: owner.cookie,
      form: { ...form, idempotencyKey: 'checkout-key-2', addons: '' },
    });
    expect(callsTo('/hosted_pages/checkout_existing_for_items', beforeChange)).toHaveLength(1);
    expect(callsTo('/hosted_pages/checkout_new_for_items', beforeChange)).toEqual([]);
  });

  it('a trial without a plan has no next bill, and the provider is not asked', async () => {
    const owner = await signIn(app, identity, 'next@example.com');
    const before = billing.calls().length;
    const trial = (
      await call(app, ENDPOINTS.estimateNextBillingAmount, { cookie: owner.cookie, form: {} })
    ).json();
    expect(trial).toEqual({ amount: 0, currency: 'USD', date: null });
    expect(billing.calls().slice(before)).toEqual([]);
  });

  it.each(['unavailable', 'timeout'] as const)(
    'the provider being down (%s) is a 502 with a plain message, and nothing is stored',
    async (outage) => {
      const owner = await signIn(app, identity, `down-${outage}@example.com`);
      const asked = billing.calls().length;
      billing.setOutage(outage);
      try {
        const response = await call(app, ENDPOINTS.customizePlan, {
          cookie: owner.cookie,
          form: { period: 'month', accounts: 20, users: 5, idempotencyKey: `down-${outage}` },
        });
        expect(response.statusCode).toBe(502);
        expect(response.error()).toEqual({
          code: 'BAD_GATEWAY',
          message:
            'The payment provider did not answer. Nothing was changed; please try again in a minute.',
        });
      } finally {
        billing.setOutage(undefined);
      }
      // The app asked (the provider got its first call, no answer) and went no further.
      expect(
        billing
          .calls()
          .slice(asked)
          .map((c) => `${c.method} ${c.path}`),
      ).toEqual([`GET /subscriptions/${owner.team.id}`]);
      const rows = await db()
        .selectFrom('billing_checkouts')
        .selectAll()
        .where('team_id', '=', owner.team.id)
        .execute();
      expect(rows).toEqual([]);
    },
  );
});
