import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPONS, RAVEN_PLAN_PRICES, V1_ANNUAL_DISCOUNT } from '@gds/contract';
import type { BillingSettings } from '../../src/config/billing-settings.ts';
import { AppError } from '../../src/lib/errors.ts';
import { createChargebeeClient } from '../../src/modules/billing/chargebee-client.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { startBillingServer, startWebhookReceiver } from '../sandbox-billing/billing-server.ts';
import type { BillingServer } from '../sandbox-billing/billing-server.ts';
import { payWith } from '../sandbox-billing/hosted-page-browser.ts';

const TEAM = '3f2b8c1e-9a4d-4e7b-8c21-5d6f7a8b9c0d';

/** The log lines the client writes, to check that no key or header ever lands in one. */
function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`) };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

interface SentRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: URLSearchParams;
}

/**
 * A pass-through in front of the sandbox billing server that keeps each request as the client
 * put it on the wire, so the request's shape is checked, not only the sandbox's reading of it.
 */
async function startRecordingProxy(target: number) {
  const calls: SentRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      calls.push({
        path: (req.url ?? '').split('?')[0] ?? '',
        headers: req.headers,
        body: new URLSearchParams(body.toString('utf8')),
      });
      const forward = http.request(
        {
          host: '127.0.0.1',
          port: target,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeEachDatabase('the Chargebee client against the sandbox billing provider', (db) => {
  let server: BillingServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  /** The settings the app's billing module gets, through the recording pass-through. */
  let settings: BillingSettings;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startBillingServer(db(), receiver.url);
    const { client } = server.billing.settings;
    proxy = await startRecordingProxy(client.port);
    settings = { ...server.billing.settings, client: { ...client, port: proxy.port } };
  });
  afterAll(async () => {
    await proxy.close();
    await server.app.close();
    await receiver.close();
  });

  it('sends Chargebee’s request shape: Basic with the key, bracket notation, the idempotency key, no telemetry', async () => {
    const log = recordingLog();
    const client = createChargebeeClient(settings, { timeoutMs: 5000, log });
    const request = {
      teamId: TEAM,
      email: 'owner@example.com',
      items: [
        { item_price_id: 'basic-plan', quantity: 1 },
        { item_price_id: 'accounts-monthly', quantity: 4 },
      ],
      coupon: COUPONS.promo,
      redirectUrl: `${server.base}/thankyou`,
      cancelUrl: `${server.base}/billing`,
      idempotencyKey: `${TEAM}:key-1`,
    };
    const page = await client.checkoutNew(request);
    expect(page).toMatchObject({ state: 'created', embed: false });
    const sent = proxy.calls.at(-1);
    expect(sent?.path).toBe(`${settings.client.apiPath}/hosted_pages/checkout_new_for_items`);
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${settings.client.apiKey}:`).toString('base64')}`,
    );
    expect(sent?.headers['chargebee-idempotency-key']).toBe(`${TEAM}:key-1`);
    expect(sent?.headers['x-chargebee-sdk-telemetry']).toBeUndefined();
    expect(Object.fromEntries(sent?.body ?? [])).toEqual({
      'customer[id]': TEAM,
      'customer[email]': 'owner@example.com',
      'subscription[id]': TEAM,
      'subscription_items[item_price_id][0]': 'basic-plan',
      'subscription_items[quantity][0]': '1',
      'subscription_items[item_price_id][1]': 'accounts-monthly',
      'subscription_items[quantity][1]': '4',
      'coupon_ids[0]': COUPONS.promo,
      redirect_url: `${server.base}/thankyou`,
      cancel_url: `${server.base}/billing`,
    });
    // The same key answers the same page: the provider honoured it as Chargebee does.
    const again = await client.checkoutNew(request);
    expect(again.id).toBe(page.id);
  });

  it('reads lists and single resources, and a 404 as "none"', async () => {
    const client = createChargebeeClient(settings, { timeoutMs: 5000, log: recordingLog() });
    const prices = await client.itemPrices('raven');
    expect(prices.map((p) => p.id)).toContain('raven-v1-annual-plan');
    // Twelve months of the monthly plan, less the v1 brands' annual discount, in cents.
    const annual = Math.round(RAVEN_PLAN_PRICES['basic-plan'] * 12 * (1 - V1_ANNUAL_DISCOUNT));
    expect(prices.find((p) => p.id === 'raven-v1-annual-plan')?.price).toBe(annual);
    expect(proxy.calls.at(-1)?.path).toBe(`${settings.client.apiPath}/item_prices`);
    expect(await client.coupon('NOPE')).toBeUndefined();
    expect(await client.subscription(TEAM)).toBeUndefined();
    expect(await client.invoice('424242')).toBeUndefined();
  });

  it('maps the provider’s refusals: coupon by field, state conflicts as 409, the rest as 502', async () => {
    const log = recordingLog();
    const client = createChargebeeClient(settings, { timeoutMs: 5000, log });
    const coupon = await rejection(
      client.estimateNew({
        items: [{ item_price_id: 'basic-plan', quantity: 1 }],
        coupon: 'GDS-X',
      }),
    );
    expect(coupon).toMatchObject({ code: 'VALIDATION_FAILED', field: 'coupon' });
    expect(coupon.message).toBe('The coupon GDS-X does not exist. Check the code and try again.');

    // A subscription paid on the hosted page, then cancelled at once: cancelling it again is a
    // state conflict at the provider.
    const page = await client.checkoutNew({
      teamId: TEAM,
      email: 'owner@example.com',
      items: [{ item_price_id: 'basic-plan', quantity: 1 }],
      redirectUrl: `${server.base}/billing/return`,
      cancelUrl: `${server.base}/billing/return`,
      idempotencyKey: `${TEAM}:conflict`,
    });
    expect((await payWith(page.url ?? '', '4111 1111 1111 1111')).status).toBe(303);
    await server.chargebee.subscription.cancelForItems(TEAM, { end_of_term: false });
    const conflict = await rejection(client.cancelAtTermEnd(TEAM));
    expect(conflict.code).toBe('CONFLICT');

    const wrongKey = createChargebeeClient(
      { ...settings, client: { ...settings.client, apiKey: 'live_wrong_key_9' } },
      { timeoutMs: 5000, log },
    );
    const refused = await rejection(wrongKey.itemPrices('megalytic'));
    expect(refused).toMatchObject({ code: 'BAD_GATEWAY', status: 502 });
    expect(log.lines.join('\n')).toContain('api_authentication_failed');
    expect(log.lines.join('\n')).not.toContain('live_wrong_key_9');
    expect(log.lines.join('\n')).not.toContain(settings.client.apiKey);
  });
});

describe('the Chargebee client without a provider that answers', () => {
  it('a provider that does not answer in time is a 502 with a plain message', async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const client = createChargebeeClient(
        {
          client: {
            site: '127.0.0.1',
            apiKey: 'test_silent',
            hostSuffix: '',
            protocol: 'http',
            port,
          },
          webhook: { username: 'silent', password: 'silent' },
          sandbox: false,
        },
        { timeoutMs: 200, log: recordingLog() },
      );
      const error = await rejection(client.itemPrices('megalytic'));
      expect(error).toMatchObject({
        code: 'BAD_GATEWAY',
        message:
          'The payment provider did not answer. Nothing was changed; please try again in a minute.',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('without settings (demo mode before its sandbox) every call says billing is not connected', async () => {
    const client = createChargebeeClient(undefined, { timeoutMs: 200, log: recordingLog() });
    const error = await rejection(client.itemPrices('megalytic'));
    expect(error).toMatchObject({ code: 'BAD_GATEWAY' });
    expect(error.message).toMatch(/Billing is not connected/);
  });
});
