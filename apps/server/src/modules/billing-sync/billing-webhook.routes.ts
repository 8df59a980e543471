import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BILLING_WEBHOOK_PATH } from '@gds/contract';
import type { BillingSettings } from '../../config/billing-settings.ts';
import { AppError } from '../../lib/errors.ts';
import { BILLING_MESSAGES } from '../billing/billing-errors.ts';
import type { SyncDeps } from '../billing/provider-state.ts';
import { processEvent } from './provider-events.ts';
import type { ProviderEvent } from './provider-events.ts';

/** Chargebee's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The fields of Chargebee's webhook body the app reads; the rest is the provider's. */
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  occurred_at: z.number().int(),
  event_type: z.string().min(1).max(100),
  content: z.record(z.string(), z.unknown()),
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request carries the webhook's HTTP Basic credentials. Both sides are hashed
 * first, so the comparison takes the same time whatever the guess and whatever its length.
 */
export function hasWebhookCredentials(
  req: FastifyRequest,
  expected: { username: string; password: string },
): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const same = timingSafeEqual(digest(given), digest(`${expected.username}:${expected.password}`));
  return match !== null && same;
}

/**
 * The provider's webhook: JSON from Chargebee's servers, with HTTP Basic and nothing of a
 * browser (no session, no business-unit header, no Origin; the API guards let this route
 * through by its `fromProvider` flag). A refused request changes nothing; a failure to read
 * the provider answers 502, so the provider delivers the event again.
 */
export async function registerBillingWebhook(
  app: FastifyInstance,
  deps: { settings: BillingSettings | undefined; sync: SyncDeps },
): Promise<void> {
  await app.register((scope, _options, registered) => {
    // JSON, and only JSON, on this route: the rest of the API takes forms.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError('BAD_REQUEST', 'The webhook body is not JSON.'), undefined);
        }
      },
    );
    scope.route({
      method: 'POST',
      url: BILLING_WEBHOOK_PATH,
      config: { fromProvider: true },
      onRequest: (req, _reply, done) => {
        if (!deps.settings) {
          done(new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.notConnected));
        } else if (!hasWebhookCredentials(req, deps.settings.webhook)) {
          done(new AppError('UNAUTHENTICATED', 'The webhook credentials are missing or wrong.'));
        } else done();
      },
      handler: async (req) => {
        const parsed = eventSchema.safeParse(req.body);
        if (!parsed.success) {
          throw new AppError('BAD_REQUEST', 'The webhook body is not a Chargebee event.');
        }
        const event: ProviderEvent = parsed.data;
        const outcome = await processEvent(deps.sync, event);
        return { received: true, duplicate: outcome === 'duplicate' };
      },
    });
    registered();
  });
}
