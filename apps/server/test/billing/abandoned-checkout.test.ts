import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { callAt, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';
import { openPage, payWith } from '../sandbox-billing/hosted-page-browser.ts';

const MINUTE = 60 * 1000;

/**
 * A checkout left on the provider's hosted page without coming back (the browser's back
 * button): the plan waits for it only while that page can still take payment, offers the way
 * back to it meanwhile, can be dropped, and settles by itself once the page has expired.
 * Through the app in demo mode, the sandbox provider's pages and their own expiry behind it.
 */
describeEachDatabase('billing: a checkout nobody came back from', (db) => {
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
  });
  afterAll(() => ctx.app.close());

  const details = async (owner: SignedIn) =>
    (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json()
      .subscriptionDetails;

  /** Opens a checkout for 30 accounts and leaves for its page, as the Billing screen does. */
  async function leaveForCheckout(owner: SignedIn, key: string): Promise<string> {
    const form = { period: 'month', accounts: 30, users: 5, idempotencyKey: key };
    const page = await callAt(ctx, ENDPOINTS.customizePlan, { cookie: owner.cookie, form });
    expect(page.statusCode, page.body).toBe(200);
    await callAt(ctx, ENDPOINTS.updateSubscriptionWebhookStatus, {
      cookie: owner.cookie,
      form: { webhookStatus: 'pending' },
    });
    return page.json().hostedPageUrl;
  }

  it('waits only while the page is open, offering it, and never past its expiry', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'abandoned@example.com');
    const url = await leaveForCheckout(owner, 'abandoned-checkout-1');
    const waiting = await details(owner);
    expect(waiting.webhook_status).toBe('pending');
    expect(waiting.openCheckout?.url).toBe(url);
    const expiresAt = new Date(waiting.openCheckout?.expiresAt ?? 0);
    expect(expiresAt.getTime()).toBeGreaterThan(clock().getTime());
    expect((await openPage(url)).status).toBe(200);

    // Still open after the reconciliation's ten minutes: the person may still pay.
    clock.advance(20 * MINUTE);
    await backgroundJobs(ctx.app).reconcileBilling();
    expect(await details(owner)).toMatchObject({ webhook_status: 'pending' });

    // The page's own expiry ends the wait at once, even before the reconciliation runs, and
    // reading the plan writes nothing.
    clock.advance(expiresAt.getTime() + 1000 - clock().getTime());
    expect((await openPage(url)).html).toMatch(/expired/i);
    // Hours later the session may have idled out: the same person signs in again.
    const back = await signIn(ctx.app, ctx.identity, 'abandoned@example.com');
    expect(back.team.id).toBe(owner.team.id);
    const before = await everyRow(db());
    expect(await details(back)).toMatchObject({
      webhook_status: 'confirmed',
      openCheckout: null,
      status: 'in_trial',
      accounts: 20,
    });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    await backgroundJobs(ctx.app).reconcileBilling();
    const row = await db()
      .selectFrom('billing_webhook_states')
      .select('webhook_status')
      .where('team_id', '=', owner.team.id)
      .executeTakeFirst();
    expect(row?.webhook_status).toBe('confirmed');
  });

  it('drops an open checkout on request; a page paid meanwhile is stored as paid', async () => {
    const owner = await signIn(ctx.app, ctx.identity, 'dropper@example.com');
    await leaveForCheckout(owner, 'dropped-checkout-1');
    const dropped = await callAt(ctx, ENDPOINTS.dropCheckout, { cookie: owner.cookie, form: {} });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({
      outcome: 'open',
      subscriptionDetails: { webhook_status: 'confirmed', openCheckout: null, accounts: 20 },
    });

    clock.advance(MINUTE);
    const url = await leaveForCheckout(owner, 'paid-checkout-1');
    expect((await payWith(url, '4111 1111 1111 1111')).status).toBe(303);
    const paid = await callAt(ctx, ENDPOINTS.dropCheckout, { cookie: owner.cookie, form: {} });
    expect(paid.json()).toMatchObject({
      outcome: 'succeeded',
      subscriptionDetails: { webhook_status: 'confirmed', status: 'active', accounts: 30 },
    });
  });
});
