import type { FastifyInstance } from 'fastify';
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
import { openPage, payWith, postPage } from '../sandbox-billing/hosted-page-browser.ts';

/** How long the provider's hosted pages stay open, and a second more. */
const PAGE_LIFETIME_MS = 3 * 60 * 60 * 1000 + 1000;

describeEachDatabase('billing: confirming a checkout on return from the hosted page', (db) => {
  const clock = testClock();
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let identity: SandboxContext['identity'];
  // One listening demo-mode app whose sandbox billing provider sends no webhooks: what the app
  // knows of a checkout here comes from the person's return or the reconciliation alone.
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock, sandboxBilling: { deliver: () => undefined } });
    app = ctx.app;
    identity = ctx.identity;
  });
  afterAll(() => app.close());
  /** Pages by id, as the person's browser has them. */
  const pageUrls = new Map<string, string>();
  const pay = async (pageId: string) => {
    const paid = await payWith(pageUrls.get(pageId) ?? '', '4111 1111 1111 1111');
    expect(paid.status, paid.html).toBe(303);
  };
  /** The person leaves the page with its "Cancel and go back". */
  const cancelPage = async (pageId: string) => {
    const url = pageUrls.get(pageId) ?? '';
    const { token } = await openPage(url);
    expect((await postPage(url, { token, action: 'cancel' })).status).toBe(303);
  };

  const details = async (owner: SignedIn) =>
    (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json()
      .subscriptionDetails;

  /** Opens a checkout for 30 accounts and leaves for its page, as the Billing screen does. */
  async function checkout(owner: SignedIn, key: string): Promise<string> {
    const form = { period: 'month', accounts: 30, users: 5, idempotencyKey: key };
    const started = await callAt(ctx, ENDPOINTS.customizePlan, { cookie: owner.cookie, form });
    expect(started.statusCode, started.body).toBe(200);
    await callAt(ctx, ENDPOINTS.updateSubscriptionWebhookStatus, {
      cookie: owner.cookie,
      form: { webhookStatus: 'pending' },
    });
    const url = started.json().hostedPageUrl;
    const id = new URL(url).pathname.split('/').at(-1) ?? '';
    pageUrls.set(id, url);
    return id;
  }

  const confirm = (owner: SignedIn, hostedPageId: string) =>
    callAt(ctx, ENDPOINTS.confirmCheckout, { cookie: owner.cookie, form: { hostedPageId } });

  it('a paid page stores the new plan at once, before any webhook; reading it changes nothing', async () => {
    const owner = await signIn(app, identity, 'confirm-paid@example.com');
    const pageId = await checkout(owner, 'confirm-paid-1');
    await pay(pageId);
    const before = await everyRow(db());
    expect(await details(owner)).toMatchObject({ webhook_status: 'pending', accounts: 20 });
    // The plan read is a GET: it no longer asks the provider or stores anything.
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    const answer = await confirm(owner, pageId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'succeeded',
      subscriptionDetails: { webhook_status: 'confirmed', status: 'active', accounts: 30 },
    });
    const usage = (await callAt(ctx, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.plan.accountLimit).toBe(30);
    // Coming back twice (a reload) changes nothing more.
    const settled = await everyRow(db());
    expect((await confirm(owner, pageId)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(rowsChanged(settled, await everyRow(db()))).toEqual({});
  });

  it('a cancelled page ends "confirming" and buys nothing', async () => {
    const owner = await signIn(app, identity, 'confirm-cancel@example.com');
    const pageId = await checkout(owner, 'confirm-cancel-1');
    await cancelPage(pageId);
    expect((await confirm(owner, pageId)).json()).toMatchObject({
      outcome: 'cancelled',
      subscriptionDetails: { webhook_status: 'confirmed', status: 'in_trial', accounts: 20 },
    });
  });

  it('a page still open leaves the plan waiting; an expired one ends the wait', async () => {
    const owner = await signIn(app, identity, 'confirm-open@example.com');
    const pageId = await checkout(owner, 'confirm-open-1');
    expect((await confirm(owner, pageId)).json()).toMatchObject({
      outcome: 'open',
      subscriptionDetails: { webhook_status: 'pending' },
    });
    clock.advance(PAGE_LIFETIME_MS);
    // Hours idle ended the session; the person signs in again and comes back.
    const back = await signIn(app, identity, 'confirm-open@example.com');
    expect((await confirm(back, pageId)).json()).toMatchObject({
      outcome: 'expired',
      subscriptionDetails: { webhook_status: 'confirmed', accounts: 20 },
    });
  });

  it("another team's page is not found and changes nothing", async () => {
    const owner = await signIn(app, identity, 'confirm-mine@example.com');
    const other = await signIn(app, identity, 'confirm-theirs@example.com');
    const pageId = await checkout(owner, 'confirm-mine-1');
    await callAt(ctx, ENDPOINTS.updateSubscriptionWebhookStatus, {
      cookie: other.cookie,
      form: { webhookStatus: 'pending' },
    });
    await pay(pageId);
    const before = await everyRow(db());
    const answer = await confirm(other, pageId);
    expect(answer.statusCode).toBe(404);
    expect(answer.error()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await confirm(other, 'hp_unknown')).statusCode).toBe(404);
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  });

  it('the reconciliation settles checkouts nobody came back from', async () => {
    // The left page is opened first and outlives its lifetime; the others open after (and the
    // hours idle ended the first session: its owner signs in again to look).
    const leaving = await signIn(app, identity, 'confirm-late-left@example.com');
    await checkout(leaving, 'confirm-late-left-1');
    clock.advance(PAGE_LIFETIME_MS);
    const paid = await signIn(app, identity, 'confirm-late-paid@example.com');
    const left = await signIn(app, identity, 'confirm-late-left@example.com');
    const open = await signIn(app, identity, 'confirm-late-open@example.com');
    const gone = await signIn(app, identity, 'confirm-late-gone@example.com');
    const paidPage = await checkout(paid, 'confirm-late-paid-1');
    await checkout(open, 'confirm-late-open-1');
    await pay(paidPage);
    // Left with "Cancel and go back", and the person never came back to the app.
    const gonePage = await checkout(gone, 'confirm-late-gone-1');
    await cancelPage(gonePage);
    // Too recent: the person may still be on their way back.
    await backgroundJobs(app).reconcileBilling();
    expect(await details(gone)).toMatchObject({ webhook_status: 'pending' });
    clock.advance(11 * 60 * 1000);
    await backgroundJobs(app).reconcileBilling();
    expect(await details(paid)).toMatchObject({ webhook_status: 'confirmed', accounts: 30 });
    expect(await details(left)).toMatchObject({ webhook_status: 'confirmed', accounts: 20 });
    expect(await details(gone)).toMatchObject({ webhook_status: 'confirmed', accounts: 20 });
    expect(await details(open)).toMatchObject({ webhook_status: 'pending' });
  });
});
