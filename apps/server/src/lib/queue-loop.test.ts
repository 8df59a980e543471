import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBackgroundLoops } from './background-loops.ts';
import type { JobMetrics } from './metrics.ts';
import { createQueueLoop } from './queue-loop.ts';

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A queue whose runs the test releases one by one; each run answers `summary`. */
function heldQueue(summary = { done: 1, failed: 0, retried: 2 }) {
  const outcomes: string[] = [];
  const metrics: JobMetrics = {
    queueDepth: () => undefined,
    outcome: (job, outcome) => void outcomes.push(`${job}:${outcome}`),
  };
  const releases: Array<() => void> = [];
  const signals: AbortSignal[] = [];
  const loop = createQueueLoop({
    name: 'jobs',
    intervalMs: 60_000,
    runOnce: async (signal) => {
      signals.push(signal);
      await new Promise<void>((resolve) => releases.push(resolve));
      return summary;
    },
    outcomes: { done: 'succeeded', failed: 'failed', retried: 'retried' },
    metrics,
    log: quiet,
  });
  return { loop, outcomes, releases, signals };
}

describe('queue loop', () => {
  it('a kick before the loop starts runs nothing (tests run their queue themselves)', async () => {
    const { loop, signals } = heldQueue();
    loop.kick();
    await tick();
    expect(signals).toHaveLength(0);
  });

  it('runs at start; a kick during a run makes one more run, not two at once', async () => {
    const { loop, outcomes, releases, signals } = heldQueue();
    loop.start();
    await tick();
    loop.kick();
    loop.kick();
    await tick();
    expect(signals).toHaveLength(1);
    releases[0]?.();
    await tick();
    expect(signals).toHaveLength(2);
    releases[1]?.();
    await tick();
    expect(signals).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'jobs:succeeded')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'jobs:retried')).toHaveLength(4);
    await loop.stop(AbortSignal.timeout(1000));
  });

  it('joins the registry: stopping waits for the run under way, whose signal aborts', async () => {
    const { loop, releases, signals } = heldQueue();
    const loops = createBackgroundLoops({
      log: quiet,
      metrics: { queueDepth: () => undefined, outcome: () => undefined },
      run: true,
    });
    loops.add(loop);
    loops.start();
    await tick();
    let stopped = false;
    const stopping = loops.stop(5_000).then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    expect(signals[0]?.aborted).toBe(true);
    releases[0]?.();
    await stopping;
    loop.kick();
    await tick();
    expect(signals).toHaveLength(1);
    expect(loops.stalled()).toEqual([]);
  });
});
