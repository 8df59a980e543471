import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { createChargebeeClient } from '../../src/modules/billing/chargebee-client.ts';
import { startFakeChargebee } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';

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

describe('the Chargebee client against recorded responses', () => {
  let fake: FakeChargebee;
  beforeAll(async () => {
    fake = await startFakeChargebee();
  });
  afterAll(() => fake.close());

  it('sends Chargebee’s request shape: Basic with the key, bracket notation, the idempotency key, no telemetry', async () => {
    const log = recordingLog();
    const client = createChargebeeClient(fake.settings, { timeoutMs: 5000, log });
    const page = await client.checkoutNew({
      teamId: TEAM,
      email: 'owner@example.com',
      items: [
        { item_price_id: 'basic-plan', quantity: 1 },
        { item_price_id: 'accounts-monthly', quantity: 4 },
      ],
      coupon: 'GDS-PROMO',
      redirectUrl: 'https://app.example/thankyou',
      cancelUrl: 'https://app.example/billing',
      idempotencyKey: `${TEAM}:key-1`,
    });
    expect(page).toMatchObject({ type: 'checkout_new_for_items', state: 'created', embed: false });
    const sent = fake.calls.at(-1);
    expect(sent?.path).toBe('/api/v2/hosted_pages/checkout_new_for_items');
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.settings.client.apiKey}:`).toString('base64')}`,
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
      'coupon_ids[0]': 'GDS-PROMO',
      redirect_url: 'https://app.example/thankyou',
      cancel_url: 'https://app.example/billing',
    });
  });

  it('reads lists and single resources, and a 404 as "none"', async () => {
    const client = createChargebeeClient(fake.settings, { timeoutMs: 5000, log: recordingLog() });
    const prices = await client.itemPrices('raven');
    expect(prices.map((p) => p.id)).toContain('raven-v1-annual-plan');
    expect(prices.find((p) => p.id === 'raven-v1-annual-plan')?.price).toBe(28790);
    expect(fake.calls.at(-1)?.path).toBe('/api/v2/item_prices');
    expect(await client.coupon('NOPE')).toBeUndefined();
    expect(await client.subscription(TEAM)).toBeUndefined();
    expect(await client.invoice('424242')).toBeUndefined();
  });

  it('maps the provider’s refusals: coupon by field, state conflicts as 409, the rest as 502', async () => {
    const log = recordingLog();
    const client = createChargebeeClient(fake.settings, { timeoutMs: 5000, log });
    const coupon = await rejection(
      client.estimateNew({
        items: [{ item_price_id: 'basic-plan', quantity: 1 }],
        coupon: 'GDS-X',
      }),
    );
    expect(coupon).toMatchObject({ code: 'VALIDATION_FAILED', field: 'coupon' });
    expect(coupon.message).toBe('The coupon GDS-X does not exist. Check the code and try again.');

    fake.subscribe(TEAM);
    fake.setStatus(TEAM, 'cancelled');
    const conflict = await rejection(client.cancelAtTermEnd(TEAM));
    expect(conflict.code).toBe('CONFLICT');

    const wrongKey = createChargebeeClient(
      { ...fake.settings, client: { ...fake.settings.client, apiKey: 'live_wrong_key_9' } },
      { timeoutMs: 5000, log },
    );
    const refused = await rejection(wrongKey.itemPrices('megalytic'));
    expect(refused).toMatchObject({ code: 'BAD_GATEWAY', status: 502 });
    expect(log.lines.join('\n')).toContain('api_authentication_failed');
    expect(log.lines.join('\n')).not.toContain('live_wrong_key_9');
    expect(log.lines.join('\n')).not.toContain(fake.settings.client.apiKey);
  });

  it('a provider that does not answer in time is a 502 with a plain message', async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const client = createChargebeeClient(
        { ...fake.settings, client: { ...fake.settings.client, port } },
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
