import type { FastifyInstance } from 'fastify';
import { BILLING_WEBHOOK_PATH } from '@gds/contract';
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
