import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_REPLAY_WINDOW_SECONDS } from '@gds/contract';

/**
 * What a receiver checks, as the team webhooks guide tells receivers to: the HMAC-SHA256 with
 * the signing secret of `timestamp + "." + body`, compared in constant time, and a timestamp
 * within five minutes of now. Written here independently of the server's signer, so the demo
 * proves a receiver following the guide accepts what the app sends.
 */
export function verifyWebhook(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  body: string;
  now: Date;
}): 'valid' | 'bad signature' | 'too old' | 'unsigned' {
  if (!input.signature || !input.timestamp || !/^\d+$/.test(input.timestamp)) return 'unsigned';
  const expected = `v1=${createHmac('sha256', input.secret).update(`${input.timestamp}.${input.body}`).digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(input.signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return 'bad signature';
  const age = input.now.getTime() / 1000 - Number(input.timestamp);
  return Math.abs(age) > WEBHOOK_REPLAY_WINDOW_SECONDS ? 'too old' : 'valid';
}
