import { WEBHOOK_MAX_ATTEMPTS } from '@gds/contract';

const MINUTE_MS = 60_000;
const LONGEST_MS = 6 * 60 * MINUTE_MS;

/**
 * When a failed delivery is tried again: 1 minute after the first attempt, then four times
 * longer each time (4, 16, 64 minutes …) up to 6 hours; after WEBHOOK_MAX_ATTEMPTS attempts it
 * is given up. Undefined: give up.
 */
export function retryDelayMs(attemptsMade: number): number | undefined {
  if (attemptsMade >= WEBHOOK_MAX_ATTEMPTS) return undefined;
  return Math.min(MINUTE_MS * 4 ** (attemptsMade - 1), LONGEST_MS);
}
