import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { deliver, subscribeTeam } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { FAKE_WEBHOOK, startFakeChargebee, webhookHeaders } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';
import { signIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

describeEachDatabase('billing: webhooks and reconciliation', (db) => {
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
  const copyOf = (teamId: string) =>
    db()
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('team_id', '=', teamId)
      .executeTakeFirst();

  it('refuses a delivery without the right Basic credentials, storing nothing', async () => {
    const owner = await signIn(app, identity, 'hook-auth@example.com');
    const event = fake.subscribe(owner.team.id);
    const before = await everyRow(db());
    const missing = await deliver(app, event, { 'content-type': 'application/json' });
    const wrong = await deliver(
      app,
      event,
      webhookHeaders({ username: FAKE_WEBHOOK.username, password: 'not-the-password' }),
    );
    const otherUser = await deliver(
      app,
      event,
      webhookHeaders({ username: 'someone', password: FAKE_WEBHOOK.password }),
    );
    for (const response of [missing, wrong, otherUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    // The right credentials, with no session, unit header or Origin: accepted.
    expect((await deliver(app, event)).json()).toEqual({ received: true, duplicate: false });
    expect((await details(owner)).status).toBe('active');
  });

  it('a body that is not a Chargebee event is refused', async () => {
    const response = await deliver(app, { hello: 'world' });
    expect(response.statusCode).toBe(400);
    const form = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { ...webhookHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('processes an event once: a duplicate delivery is a 200 that changes nothing', async () => {
    const owner = await signIn(app, identity, 'hook-once@example.com');
    const event = await subscribeTeam(app, fake, owner.team.id);
    const before = await everyRow(db());
    const again = await deliver(app, event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    const recorded = await db()
      .selectFrom('billing_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('a delivery seen before is answered without asking the provider again', async () => {
    const owner = await signIn(app, identity, 'hook-no-refetch@example.com');
    const event = await subscribeTeam(app, fake, owner.team.id);
    const asked = fake.calls.length;
    // The provider retries a delivery it got no answer to, and the reconciliation reads the
    // last minute of events again on every run: neither costs a provider call per event.
    expect((await deliver(app, event)).json()).toEqual({ received: true, duplicate: true });
    expect(fake.calls.slice(asked)).toEqual([]);
  });

  it('the same event delivered twice at once is processed once: one plan change, one duplicate', async () => {
    const owner = await signIn(app, identity, 'hook-race@example.com');
    const event = fake.subscribe(owner.team.id);
    const answers = await Promise.all([deliver(app, event), deliver(app, event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const duplicates = answers.map((answer) => answer.json<{ duplicate: boolean }>().duplicate);
    expect(duplicates.sort()).toEqual([false, true]);
    expect(await auditOf(db(), owner.team.id, 'billing.plan_change')).toHaveLength(1);
    expect((await details(owner)).status).toBe('active');
  });

  it('an event with nothing to converge to, delivered twice at once, is recorded once', async () => {
    // A customer made before any subscription: the provider has no plan to copy yet.
    const owner = await signIn(app, identity, 'hook-customer@example.com');
    const event = fake.recordEvent('customer_created', owner.team.id);
    const answers = await Promise.all([deliver(app, event), deliver(app, event)]);
    const duplicates = answers.map((answer) => answer.json<{ duplicate: boolean }>().duplicate);
    expect(duplicates.sort()).toEqual([false, true]);
    const recorded = await db()
      .selectFrom('billing_events')
      .select('team_id')
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toEqual([{ team_id: owner.team.id }]);
  });

  it('out of order: an older state read late never replaces a newer copy', async () => {
    const owner = await signIn(app, identity, 'hook-order@example.com');
    await subscribeTeam(app, fake, owner.team.id);
    const older = fake.snapshot(owner.team.id);
    // Cancelled at the provider; the webhook brings the newer state.
    fake.setStatus(owner.team.id, 'cancelled');
    await deliver(app, fake.recordEvent('subscription_cancelled', owner.team.id));
    expect((await details(owner)).status).toBe('cancelled');
    const newer = await copyOf(owner.team.id);

    // A slow delivery whose read answers the older state arrives last: it is ignored.
    fake.restore(owner.team.id, older);
    const late = await deliver(app, fake.recordEvent('subscription_created', owner.team.id));
    expect(late.statusCode).toBe(200);
    expect((await details(owner)).status).toBe('cancelled');
    expect(await copyOf(owner.team.id)).toEqual(newer);
  });

  it('replay: an old event delivered again under a new id converges to the current state', async () => {
    const owner = await signIn(app, identity, 'hook-replay@example.com');
    const created = await subscribeTeam(app, fake, owner.team.id, [
      { item_price_id: 'basic-plan', quantity: 1 },
      { item_price_id: 'accounts-monthly', quantity: 10 },
    ]);
    fake.subscribe(owner.team.id, [{ item_price_id: 'basic-plan', quantity: 1 }]);
    const replayed = { ...created, id: `${created.id}-replayed` };
    expect((await deliver(app, replayed)).statusCode).toBe(200);
    // The replayed event said 30 accounts; the provider says 20 now, and that is what counts.
    expect((await details(owner)).accounts).toBe(20);
  });

  it('reconciliation applies events whose webhook never arrived, once', async () => {
    const owner = await signIn(app, identity, 'hook-missed@example.com');
    await subscribeTeam(app, fake, owner.team.id);
    fake.subscribe(owner.team.id, [
      { item_price_id: 'basic-plan', quantity: 1 },
      { item_price_id: 'bing-ads-monthly', quantity: 1 },
    ]);
    expect((await details(owner)).addons).toEqual([]);
    const first = await backgroundJobs(app).reconcileBilling();
    expect(first).toMatchObject({ claimed: true });
    expect((await details(owner)).addons).toEqual(['bing-ads']);
    const before = await everyRow(db());
    const asked = fake.calls.length;
    const second = await backgroundJobs(app).reconcileBilling();
    expect(second).toMatchObject({ claimed: true, processed: 0 });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    // Events read again are recognised by id: only the event list is asked for.
    expect(fake.calls.slice(asked).map((call) => call.path)).toEqual(['/api/v2/events']);
  });
});
