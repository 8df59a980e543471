import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable as ours. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature of one delivery: HMAC-SHA256 with the team's secret over the timestamp (Unix
 * seconds), a dot and the exact body bytes, hex, as `v1=<hex>`. Signing the timestamp with the
 * body lets a receiver refuse an old delivery sent again (a replay).
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `v1=${mac}`;
}
