import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/background-jobs.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { startFakeChargebee } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

describeEachDatabase('billing: confirming a checkout on return from the hosted page', (db) => {
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

  const details = async (owner: SignedIn) =>
    (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json().subscriptionDetails;

  /** Opens a checkout for 30 accounts and leaves for its page, as the Billing screen does. */
  async function checkout(owner: SignedIn, key: string): Promise<string> {
    const form = { period: 'month', accounts: 30, users: 5, idempotencyKey: key };
    await call(app, ENDPOINTS.customizePlan, { cookie: owner.cookie, form });
    await call(app, ENDPOINTS.updateSubscriptionWebhookStatus, {
      cookie: owner.cookie,
      form: { webhookStatus: 'pending' },
    });
    const pages = [...fake.pages.values()].filter((p) => p.teamId === owner.team.id);
    const page = pages.at(-1);
    if (!page) throw new Error('no page');
    return page.id;
  }

  const confirm = (owner: SignedIn, hostedPageId: string) =>
    call(app, ENDPOINTS.confirmCheckout, { cookie: owner.cookie, form: { hostedPageId } });

  it('a paid page stores the new plan at once, before any webhook; reading it changes nothing', async () => {
    const owner = await signIn(app, identity, 'confirm-paid@example.com');
    const pageId = await checkout(owner, 'confirm-paid-1');
    fake.pay(pageId);
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
    const usage = (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.plan.accountLimit).toBe(30);
    // Coming back twice (a reload) changes nothing more.
    const settled = await everyRow(db());
    expect((await confirm(owner, pageId)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(rowsChanged(settled, await everyRow(db()))).toEqual({});
  });

  it('a cancelled page ends "confirming" and buys nothing', async () => {
    const owner = await signIn(app, identity, 'confirm-cancel@example.com');
    const pageId = await checkout(owner, 'confirm-cancel-1');
    fake.cancelPage(pageId);
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
    fake.expirePage(pageId);
    expect((await confirm(owner, pageId)).json()).toMatchObject({
      outcome: 'expired',
      subscriptionDetails: { webhook_status: 'confirmed', accounts: 20 },
    });
  });

  it("another team's page is not found and changes nothing", async () => {
    const owner = await signIn(app, identity, 'confirm-mine@example.com');
    const other = await signIn(app, identity, 'confirm-theirs@example.com');
    const pageId = await checkout(owner, 'confirm-mine-1');
    await call(app, ENDPOINTS.updateSubscriptionWebhookStatus, {
      cookie: other.cookie,
      form: { webhookStatus: 'pending' },
    });
    fake.pay(pageId);
    const before = await everyRow(db());
    const answer = await confirm(other, pageId);
    expect(answer.statusCode).toBe(404);
    expect(answer.error()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await confirm(other, 'hp_unknown')).statusCode).toBe(404);
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  });

  it('the reconciliation settles checkouts nobody came back from', async () => {
    const paid = await signIn(app, identity, 'confirm-late-paid@example.com');
    const left = await signIn(app, identity, 'confirm-late-left@example.com');
    const open = await signIn(app, identity, 'confirm-late-open@example.com');
    const paidPage = await checkout(paid, 'confirm-late-paid-1');
    const leftPage = await checkout(left, 'confirm-late-left-1');
    await checkout(open, 'confirm-late-open-1');
    fake.pay(paidPage);
    fake.expirePage(leftPage);
    // Too recent: the person may still be on the page.
    await backgroundJobs(app).reconcileBilling();
    expect(await details(left)).toMatchObject({ webhook_status: 'pending' });
    clock.advance(11 * 60 * 1000);
    await backgroundJobs(app).reconcileBilling();
    expect(await details(paid)).toMatchObject({ webhook_status: 'confirmed', accounts: 30 });
    expect(await details(left)).toMatchObject({ webhook_status: 'confirmed', accounts: 20 });
    expect(await details(open)).toMatchObject({ webhook_status: 'pending' });
  });
});
