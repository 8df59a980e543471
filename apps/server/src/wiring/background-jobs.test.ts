import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../lib/metrics.ts';
import type { TokenRefresher } from '../modules/credentials/token-refresher.ts';
import { backgroundJobs, registerBackgroundJobs } from './background-jobs.ts';

/** The background jobs of an app whose only work is `purges` (nothing else is ever run). */
function jobsWith(purges: ReadonlyArray<() => Promise<unknown>>) {
  const app = Fastify({ logger: false });
  const idle = () => Promise.resolve();
  registerBackgroundJobs(app, {
    config: {
      refresh: { intervalMs: 60_000, marginMs: 0, maxAttempts: 1 },
      connectorTimeoutMs: 1000,
      billingReconcileIntervalMs: 60_000,
    },
    refresher: { runOnce: idle, releaseClaims: idle } as unknown as TokenRefresher,
    warnings: { runOnce: () => Promise.resolve({ recorded: 0, digests: 0 }) },
    dataJobs: {
      loop: { name: 'data-jobs', start: () => undefined, stop: idle, alive: () => true },
      runOnce: () => Promise.resolve({ done: 0, failed: 0, retried: 0, waited: 0 }),
    },
    webhookDeliveries: {
      loop: { name: 'team-webhooks', start: () => undefined, stop: idle, alive: () => true },
      runOnce: () => Promise.resolve({ delivered: 0, failed: 0, retried: 0 }),
    },
    purges,
    keyRings: { announce: idle, forget: idle },
    reconcileBilling: undefined,
    metrics: createMetrics(),
    run: false,
  });
  return backgroundJobs(app);
}

describe('the hourly purges', () => {
  it('a purge that fails does not keep the ones after it from running, and the run reports it', async () => {
    const ran: string[] = [];
    const purge = (name: string, error?: Error) => () => {
      ran.push(name);
      return error ? Promise.reject(error) : Promise.resolve();
    };
    const jobs = jobsWith([
      purge('sessions'),
      purge('data requests', new Error('statement timeout')),
      purge('rate limits'),
    ]);
    await expect(jobs.purge()).rejects.toThrow('statement timeout');
    expect(ran).toEqual(['sessions', 'data requests', 'rate limits']);

    const two = jobsWith([purge('a', new Error('one')), purge('b', new Error('two'))]);
    await expect(two.purge()).rejects.toThrow('2 purges failed');
  });
});
