import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import Chargebee from 'chargebee';
import { BILLING_WEBHOOK_PATH, ENDPOINTS } from '@gds/contract';
import type { SandboxBilling } from '@gds/sandbox';
import { sandboxBillingOf } from '../../src/app.ts';
import { payWith } from '../sandbox-billing/hosted-page-browser.ts';
import { callAt } from './connections.ts';
import type { SandboxContext } from './connections.ts';

/** A webhook's headers as Chargebee sends them: JSON, with the webhook's HTTP Basic credentials. */
export function webhookHeaders(credentials: { username: string; password: string }) {
  const basic = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
  return { 'content-type': 'application/json', authorization: `Basic ${basic}` };
}

/** Posts a body to the app's billing webhook with the given headers (none but JSON by default). */
export function deliver(
  app: FastifyInstance,
  event: object,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: { host: 'localhost:3000', ...headers },
    payload: JSON.stringify(event),
  });
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
 * The caller's team opens a Billing checkout for a monthly plan and pays it with a good card on
 * the sandbox's hosted page, without coming back to the app. Answers the hosted page's id.
 */
export async function checkoutAndPay(
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
  return new URL(paid.location ?? '').searchParams.get('id') ?? '';
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
  const hostedPageId = await checkoutAndPay(ctx, cookie, form);
  const confirmed = await callAt(ctx, ENDPOINTS.confirmCheckout, {
    cookie,
    form: { hostedPageId },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await sandboxBillingOf(ctx.app)?.webhooksSettled();
  return hostedPageId;
}

/** The events the provider recorded about a team, oldest first, read through its API. */
export async function providerEventsOf(app: FastifyInstance, teamId: string) {
  const { provider } = sandboxProvider(app);
  const events = [];
  let offset: string | undefined;
  do {
    const page = await provider.event.list({ limit: 100, ...(offset ? { offset } : {}) });
    events.push(...page.list);
    offset = page.next_offset;
  } while (offset);
  return events
    .map(({ event }) => event)
    .filter((event) => {
      const content = event.content as {
        subscription?: { id?: string };
        customer?: { id?: string };
      };
      return (content.subscription?.id ?? content.customer?.id) === teamId;
    });
}
