import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import Chargebee from 'chargebee';
import { BILLING_WEBHOOK_PATH, ENDPOINTS } from '@gds/contract';
import type { SandboxBilling } from '@gds/sandbox';
import { sandboxBillingOf } from '../../src/app.ts';
import { payWith } from '../sandbox-billing/hosted-page-browser.ts';
import { callAt } from './connections.ts';
import type { SandboxContext } from './connections.ts';
import type { FakeChargebee } from './fake-chargebee.ts';
import { webhookHeaders } from './fake-chargebee.ts';

/** Delivers a provider event to the app's webhook as Chargebee does (JSON, HTTP Basic). */
export function deliver(
  app: FastifyInstance,
  event: object,
  headers: Record<string, string> = webhookHeaders(),
) {
  return app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: { host: 'localhost:3000', ...headers },
    payload: JSON.stringify(event),
  });
}

/** A team subscribed at the provider with its copy stored through the webhook. */
export async function subscribeTeam(
  app: FastifyInstance,
  fake: FakeChargebee,
  teamId: string,
  items?: Parameters<FakeChargebee['subscribe']>[1],
) {
  const event = fake.subscribe(teamId, items);
  const response = await deliver(app, event);
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.body}`);
  return event;
}

/** The sandbox billing provider of a demo-mode app, and the official client on its API. */
export function sandboxProvider(app: FastifyInstance): {
  billing: SandboxBilling;
  provider: Chargebee;
} {
  const billing = sandboxBillingOf(app);
  if (!billing) throw new Error('demo mode mounted no sandbox billing provider');
  const { apiPath, ...client } = billing.settings.client;
  const provider = new Chargebee({
    ...client,
    // The client's type lists Chargebee's own paths only; the sandbox serves the same API under its own.
    apiPath: apiPath as '/api/v2',
    sdkTelemetryEnabled: false,
  });
  return { billing, provider };
}

/**
 * The caller's team buys (or changes to) a monthly plan as a person does in demo mode: the
 * Billing checkout, a good card on the sandbox's hosted page, the return confirmed, and the
 * provider's webhooks delivered. Answers the hosted page's id.
 */
export async function buyPlan(
  ctx: SandboxContext,
  cookie: string,
  form: { accounts: number; users: number; idempotencyKey: string; addons?: string },
): Promise<string> {
  const checkout = await callAt(ctx, ENDPOINTS.customizePlan, {
    cookie,
    form: { period: 'month', addons: '', ...form },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const paid = await payWith(checkout.json().hostedPageUrl, '4111 1111 1111 1111');
  expect(paid.status, paid.html).toBe(303);
  const hostedPageId = new URL(paid.location ?? '').searchParams.get('id') ?? '';
  const confirmed = await callAt(ctx, ENDPOINTS.confirmCheckout, {
    cookie,
    form: { hostedPageId },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await sandboxBillingOf(ctx.app)?.webhooksSettled();
  return hostedPageId;
}
