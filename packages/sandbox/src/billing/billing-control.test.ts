import { EventEmitter } from 'node:events';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBillingControl } from './billing-control.ts';

const AT = new Date('2026-03-10T12:00:00Z');

/** A request as the API routes see it, on a socket the test can close. */
function request(fields: { method?: string; query?: object; body?: object; key?: string } = {}) {
  const socket = new EventEmitter();
  const req = {
    method: fields.method ?? 'POST',
    headers: fields.key ? { 'chargebee-idempotency-key': fields.key } : {},
    query: fields.query ?? {},
    body: fields.body,
    raw: { socket },
  } as unknown as FastifyRequest;
  return { req, socket };
}

describe('the sandbox billing provider’s switches and call log', () => {
  it('logs a call with its path, query and form fields, idempotency key and time', () => {
    const control = createBillingControl(() => AT);
    const { req } = request({
      query: { 'customer_id[is]': 'team-1' },
      body: { 'subscription[id]': 'team-1' },
      key: 'team-1:key-1',
    });
    control.record(req, '/hosted_pages/checkout_new_for_items');
    expect(control.calls()).toEqual([
      {
        method: 'POST',
        path: '/hosted_pages/checkout_new_for_items',
        params: { 'customer_id[is]': 'team-1', 'subscription[id]': 'team-1' },
        idempotencyKey: 'team-1:key-1',
        at: AT,
      },
    ]);
  });

  it('keeps the last thousand calls', () => {
    const control = createBillingControl(() => AT);
    for (let i = 0; i < 1005; i += 1) control.record(request().req, `/invoices/${i}`);
    const calls = control.calls();
    expect(calls).toHaveLength(1000);
    expect(calls[0]?.path).toBe('/invoices/5');
    expect(calls.at(-1)?.path).toBe('/invoices/1004');
  });

  it('a call nobody answers waits until the provider is back, or its caller goes away', async () => {
    const control = createBillingControl(() => AT);
    control.setOutage('timeout');
    const first = request();
    const second = request();
    let done = 0;
    void control.leaveUnanswered(first.req).then(() => (done += 1));
    void control.leaveUnanswered(second.req).then(() => (done += 1));
    await Promise.resolve();
    expect(done).toBe(0);
    first.socket.emit('close');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(1);
    control.setOutage(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(2);
    expect(control.outage()).toBeUndefined();
  });

  it('holds back only the next matching answer, until released', async () => {
    const control = createBillingControl(() => AT);
    const held = control.holdAnswer('GET', '/subscriptions/team-1');
    expect(control.answerHold('POST', '/subscriptions/team-1/cancel_for_items')).toBeUndefined();
    expect(control.answerHold('GET', '/subscriptions/team-2')).toBeUndefined();
    const gate = control.answerHold('GET', '/subscriptions/team-1');
    expect(gate).toBeDefined();
    await held.waiting();
    // Used up: the next read of the same subscription is answered at once.
    expect(control.answerHold('GET', '/subscriptions/team-1')).toBeUndefined();
    let sent = false;
    void gate?.then(() => (sent = true));
    await Promise.resolve();
    expect(sent).toBe(false);
    held.release();
    await gate;
    expect(sent).toBe(true);
  });
});
