import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS } from '@gds/contract';
import { retryDelayMs } from './webhook-retry.ts';

const MINUTE = 60_000;

describe('webhook retries', () => {
  it('back off from a minute, four times longer each time, at most six hours, then give up', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    expect(delays).toEqual([
      MINUTE,
      4 * MINUTE,
      16 * MINUTE,
      64 * MINUTE,
      256 * MINUTE,
      360 * MINUTE,
      360 * MINUTE,
      undefined,
    ]);
  });
});
