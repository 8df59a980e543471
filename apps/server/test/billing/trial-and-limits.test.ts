import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { buyPlan, sandboxProvider } from '../helpers/billing.ts';
import { seedLogin, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { roleId } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('billing: trials and limits where they bite', (db) => {
  const clock = testClock();
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let identity: SandboxContext['identity'];
  // One listening demo-mode app: its sandbox billing provider sells the plans.
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
    app = ctx.app;
    identity = ctx.identity;
  });
  afterAll(() => app.close());

  const connect = (owner: SignedIn, query: { integration_type: number; credentialId?: string }) =>
    call(app, ENDPOINTS.startConnection, { query, cookie: owner.cookie });
  const invite = async (owner: SignedIn, email: string) =>
    call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      form: { email, roleId: await roleId(db(), owner.team.id, 'Member') },
    });
  const accountsOf = async (owner: SignedIn) =>
    (await call(app, ENDPOINTS.getGroupedData, { cookie: owner.cookie }))
      .json()
      .groups.flatMap((group) => group.credentials.flatMap((c) => c.accounts));

  it('after the trial ends, new connections and invitations wait for a plan; connected accounts stay', async () => {
    let owner = await signIn(app, identity, 'expiring@example.com');
    const login = await seedLogin(db(), owner.team.id, { connectorId: 1, accounts: 2 });
    expect((await connect(owner, { integration_type: 1 })).statusCode).toBe(200);

    clock.advance(14 * DAY_MS + 1000);
    // Two weeks idle ended the session; the owner signs in again.
    owner = await signIn(app, identity, 'expiring@example.com');
    const usage = (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.subscriptionDetails).toMatchObject({
      status: 'trial_expired',
      trialDaysLeft: null,
    });
    expect(usage.canGrow).toBe(false);

    const refused = await connect(owner, { integration_type: 1 });
    expect(refused.statusCode).toBe(402);
    expect(refused.error()).toEqual({
      code: 'SUBSCRIPTION_INACTIVE',
      message: 'Your trial has ended. Choose a plan in Billing to connect more accounts.',
    });
    const invitation = await invite(owner, 'late@example.com');
    expect(invitation.statusCode).toBe(402);
    expect(invitation.error().message).toBe(
      'Your trial has ended. Choose a plan in Billing to invite more members.',
    );
    // Reconnecting a login the team has keeps its accounts working.
    expect(
      (await connect(owner, { integration_type: 1, credentialId: login.credentialId })).statusCode,
    ).toBe(200);
    expect((await accountsOf(owner)).map((a) => a.id).sort()).toEqual([...login.accountIds].sort());

    // Buying a plan lifts it at once.
    await buyPlan(ctx, owner.cookie, { accounts: 20, users: 5, idempotencyKey: 'expiring-buys' });
    expect((await connect(owner, { integration_type: 1 })).statusCode).toBe(200);
    expect((await invite(owner, 'late@example.com')).statusCode).toBe(200);
  });

  it('a cancelled subscription refuses growth the same way', async () => {
    const owner = await signIn(app, identity, 'cancelled@example.com');
    await buyPlan(ctx, owner.cookie, { accounts: 20, users: 5, idempotencyKey: 'cancelled-buys' });
    // Cancelled at once at the provider; its webhook tells the app.
    const { billing, provider } = sandboxProvider(app);
    await provider.subscription.cancelForItems(owner.team.id, { end_of_term: false });
    await billing.webhooksSettled();
    const refused = await connect(owner, { integration_type: 1 });
    expect(refused.error()).toEqual({
      code: 'SUBSCRIPTION_INACTIVE',
      message: 'Your subscription has ended. Choose a plan in Billing to connect more accounts.',
    });
  });

  it('over the limit after a downgrade: shown in usage, nothing deleted', async () => {
    const owner = await signIn(app, identity, 'downgrade@example.com');
    // 25 accounts (five beyond the plan's 20), then back down to the plan's own 20.
    await buyPlan(ctx, owner.cookie, { accounts: 25, users: 5, idempotencyKey: 'downgrade-up' });
    const login = await seedLogin(db(), owner.team.id, { connectorId: 1, accounts: 24 });
    await buyPlan(ctx, owner.cookie, { accounts: 20, users: 5, idempotencyKey: 'downgrade-down' });
    const usage = (await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie })).json();
    expect(usage.usage.accounts).toEqual({ used: 24, limit: 20 });
    expect(await accountsOf(owner)).toHaveLength(login.accountIds.length);
  });
});
