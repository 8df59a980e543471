import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { deliver } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testConfig } from '../helpers/test-app.ts';

/** A server out of demo mode with no Chargebee site configured: no BillingSettings at all. */
describeEachDatabase('billing without a provider', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, config: { ...testConfig(), sandbox: false } });
  });
  afterAll(() => app.close());

  it('the plan answers from the team’s copy; provider calls and the webhook say billing is not connected', async () => {
    const owner = await signIn(app, identity, 'no-provider@example.com');
    const usage = await call(app, ENDPOINTS.getPlanUsage, { cookie: owner.cookie });
    expect(usage.json().subscriptionDetails.status).toBe('in_trial');
    const plans = await call(app, ENDPOINTS.getPlans, { cookie: owner.cookie });
    expect(plans.statusCode).toBe(502);
    expect(plans.error().message).toBe(
      'Billing is not connected on this server yet. Nothing was changed; please try again later.',
    );
    const webhook = await deliver(app, {
      id: 'ev_1',
      occurred_at: 1,
      event_type: 'x',
      content: {},
    });
    expect(webhook.statusCode).toBe(503);
  });
});
