import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { SandboxBilling } from '@gds/sandbox';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import {
  buyPlan,
  checkoutAndPay,
  deliver,
  providerEventsOf,
  sandboxProvider,
  webhookHeaders,
} from '../helpers/billing.ts';
import { callAt, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';
import { payWith } from '../sandbox-billing/hosted-page-browser.ts';

/*
 * The app's webhook against the sandbox billing provider: its real events for real changes,
 * delivered by the sandbox, resent, or held back. Chargebee says webhooks may arrive out of
 * order and more than once (https://www.chargebee.com/docs/2.0/webhook_settings.html), so the
 * app takes an event only as "look at this team" and stores the provider's current state when
 * its resource_version is newer than the copy.
 */
describeEachDatabase('billing: webhooks and reconciliation', (db) => {
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let billing: SandboxBilling;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock: testClock() });
    app = ctx.app;
    billing = sandboxProvider(app).billing;
  });
  afterEach(() => billing.pauseWebhooks(false));
  afterAll(() => app.close());

  const signInAs = (email: string) => signIn(app, ctx.identity, email);
  const plan = (key: string, form: { accounts?: number; addons?: string } = {}) => ({
    accounts: 20,
    users: 5,
    idempotencyKey: key,
    ...form,
  });
  const details = async (owner: SignedIn) =>
    (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json()
      .subscriptionDetails;
  const copyOf = (teamId: string) =>
    db()
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  /** The provider's event of this type about the team (the first one, when there are several). */
  const eventOf = async (teamId: string, type: string) => {
    const event = (await providerEventsOf(app, teamId)).find((e) => e.event_type === type);
    if (!event) throw new Error(`the provider recorded no ${type} for ${teamId}`);
    return event;
  };
  /** The sandbox sends an event's webhook again; answers the app's reply. */
  const resend = async (eventId: string) => {
    const answer = await billing.resendWebhook(eventId);
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as { received: boolean; duplicate: boolean };
  };
  /**
   * Two deliveries of one event at once: each reads the team's subscription at the provider,
   * and those answers are held until both have asked, so both got past the "seen before" check.
   */
  const twiceAtOnce = async (eventId: string, teamId: string) => {
    const reads = [1, 2].map(() => billing.holdAnswer('GET', `/subscriptions/${teamId}`));
    const answers = Promise.all([resend(eventId), resend(eventId)]);
    for (const read of reads) await read.waiting();
    for (const read of reads) read.release();
    return answers;
  };

  it('refuses a delivery without the right Basic credentials, storing nothing', async () => {
    const owner = await signInAs('hook-auth@example.com');
    // Paid at the provider, its webhooks held back and the person not back yet.
    billing.pauseWebhooks(true);
    await checkoutAndPay(ctx, owner.cookie, plan('hook-auth'));
    const event = await eventOf(owner.team.id, 'subscription_created');
    const { username, password } = billing.settings.webhook;
    const before = await everyRow(db());
    const missing = await deliver(app, event);
    const wrong = await deliver(app, event, webhookHeaders({ username, password: 'not-it' }));
    const otherUser = await deliver(app, event, webhookHeaders({ username: 'someone', password }));
    for (const response of [missing, wrong, otherUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    // The sandbox's own delivery (the right credentials, no session, unit header or Origin).
    expect(await resend(event.id)).toEqual({ received: true, duplicate: false });
    expect((await details(owner)).status).toBe('active');
  });

  it('a body that is not a Chargebee event is refused', async () => {
    const headers = webhookHeaders(billing.settings.webhook);
    const response = await deliver(app, { hello: 'world' }, headers);
    expect(response.statusCode).toBe(400);
    const form = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('processes an event once: a duplicate delivery is a 200 that changes nothing', async () => {
    const owner = await signInAs('hook-once@example.com');
    await buyPlan(ctx, owner.cookie, plan('hook-once'));
    const event = await eventOf(owner.team.id, 'subscription_created');
    const before = await everyRow(db());
    expect(await resend(event.id)).toEqual({ received: true, duplicate: true });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    const recorded = await db()
      .selectFrom('billing_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('a delivery seen before is answered without asking the provider again', async () => {
    const owner = await signInAs('hook-no-refetch@example.com');
    await buyPlan(ctx, owner.cookie, plan('hook-no-refetch'));
    const events = await providerEventsOf(app, owner.team.id);
    expect(events.length).toBeGreaterThan(1);
    const asked = billing.calls().length;
    // The provider retries a delivery it got no answer to, and the reconciliation reads the
    // last minute of events again on every run: neither costs a provider call per event.
    for (const event of events) {
      expect(await resend(event.id)).toEqual({ received: true, duplicate: true });
    }
    expect(billing.calls().slice(asked)).toEqual([]);
  });

  it('the same event delivered twice at once is processed once: one plan change, one duplicate', async () => {
    const owner = await signInAs('hook-race@example.com');
    billing.pauseWebhooks(true);
    await checkoutAndPay(ctx, owner.cookie, plan('hook-race'));
    const event = await eventOf(owner.team.id, 'subscription_created');
    const answers = await twiceAtOnce(event.id, owner.team.id);
    expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
    expect(await auditOf(db(), owner.team.id, 'billing.plan_change')).toHaveLength(1);
    expect((await details(owner)).status).toBe('active');
  });

  it('an event with nothing to converge to, delivered twice at once, is recorded once', async () => {
    // A customer of the provider the app has no team for (made in the provider's console).
    const stranger = randomUUID();
    billing.pauseWebhooks(true);
    const { provider } = sandboxProvider(app);
    const { hosted_page: page } = await provider.hostedPage.checkoutNewForItems({
      subscription: { id: stranger },
      customer: { id: stranger, email: 'stranger@example.com' },
      subscription_items: [{ item_price_id: 'basic-plan', quantity: 1 }],
    });
    // Paid on the provider's page, which names no return address: it shows its own receipt.
    expect((await payWith(page.url ?? '', '4111 1111 1111 1111')).status).toBe(200);
    const event = await eventOf(stranger, 'subscription_created');
    const answers = await Promise.all([resend(event.id), resend(event.id)]);
    expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
    const recorded = await db()
      .selectFrom('billing_events')
      .select('team_id')
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toEqual([{ team_id: null }]);
  });

  it('out of order: an older event delivered after a newer change leaves the newer plan', async () => {
    const owner = await signInAs('hook-order@example.com');
    billing.pauseWebhooks(true);
    await buyPlan(ctx, owner.cookie, plan('hook-order-30', { accounts: 30 }));
    await buyPlan(ctx, owner.cookie, plan('hook-order-20', { accounts: 20 }));
    expect((await details(owner)).accounts).toBe(20);
    // The first purchase's event, saying 30 accounts, arrives last: the provider's current
    // state is what counts.
    const created = await eventOf(owner.team.id, 'subscription_created');
    expect(await resend(created.id)).toEqual({ received: true, duplicate: false });
    expect((await details(owner)).accounts).toBe(20);
  });

  it('out of order: an older state read late never replaces a newer copy', async () => {
    const owner = await signInAs('hook-late-read@example.com');
    billing.pauseWebhooks(true);
    await buyPlan(ctx, owner.cookie, plan('hook-late-read'));
    const created = await eventOf(owner.team.id, 'subscription_created');
    // The event's delivery reads the subscription while it is active; that answer is slow.
    const held = billing.holdAnswer('GET', `/subscriptions/${owner.team.id}`);
    const late = billing.resendWebhook(created.id);
    await held.waiting();
    // Meanwhile the owner cancels: the copy is the newer state.
    const cancelled = await callAt(ctx, ENDPOINTS.cancelSubscription, {
      cookie: owner.cookie,
      form: {},
    });
    expect(cancelled.json().subscriptionDetails.status).toBe('non_renewing');
    const newer = await copyOf(owner.team.id);
    held.release();
    expect((await late).status).toBe(200);
    expect((await details(owner)).status).toBe('non_renewing');
    expect(await copyOf(owner.team.id)).toEqual(newer);
  });

  it('reconciliation applies events whose webhook never arrived, once', async () => {
    const owner = await signInAs('hook-missed@example.com');
    await buyPlan(ctx, owner.cookie, plan('hook-missed-1'));
    // A change paid at the provider whose webhooks never arrive and whose buyer never returns.
    billing.pauseWebhooks(true);
    await checkoutAndPay(ctx, owner.cookie, plan('hook-missed-2', { addons: 'bing-ads' }));
    expect((await details(owner)).addons).toEqual([]);
    const first = await backgroundJobs(app).reconcileBilling();
    expect(first).toMatchObject({ claimed: true });
    expect((await details(owner)).addons).toEqual(['bing-ads']);
    const before = await everyRow(db());
    const asked = billing.calls().length;
    const second = await backgroundJobs(app).reconcileBilling();
    expect(second).toMatchObject({ claimed: true, processed: 0 });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    // Events read again are recognised by id: only the event list is asked for.
    expect(
      billing
        .calls()
        .slice(asked)
        .map((call) => call.path),
    ).toEqual(['/events']);
  });
});
