import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createBackgroundLoops } from './background-loops.ts';
import type { JobMetrics } from './metrics.ts';

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

function recordedMetrics() {
  const outcomes: string[] = [];
  const metrics: JobMetrics = {
    queueDepth: () => undefined,
    outcome: (job, outcome) => void outcomes.push(`${job}:${outcome}`),
  };
  return { metrics, outcomes };
}

describe('background loops', () => {
  it('stop waits for the run under way, which sees its signal abort and takes no new work', async () => {
    const { metrics, outcomes } = recordedMetrics();
    const loops = createBackgroundLoops({ log: quiet, metrics, run: true });
    let release: () => void = () => undefined;
    let sawAbort = false;
    loops.every('worker', 60_000, async (signal) => {
      await new Promise<void>((resolve) => (release = resolve));
      sawAbort = signal.aborted;
    });
    loops.start();
    let stopped = false;
    const stopping = loops.stop(5_000).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sawAbort).toBe(true);
    expect(outcomes).toEqual(['worker:succeeded']);
  });

  it('stop gives up on a run that hangs once its timeout passes', async () => {
    const loops = createBackgroundLoops({
      log: quiet,
      metrics: recordedMetrics().metrics,
      run: true,
    });
    loops.every('hung', 60_000, () => new Promise(() => undefined));
    loops.start();
    const started = Date.now();
    await loops.stop(100);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a loop whose run is overdue is reported stalled; loops never started are not', () => {
    let now = 1_000_000;
    const loops = createBackgroundLoops({
      log: quiet,
      metrics: recordedMetrics().metrics,
      run: true,
      now: () => now,
    });
    loops.every('hung', 1_000, () => new Promise(() => undefined));
    expect(loops.stalled()).toEqual([]);
    loops.start();
    now += 30_000;
    expect(loops.stalled()).toEqual([]);
    now += 60_000;
    expect(loops.stalled()).toEqual(['hung']);
    void loops.stop(1);
  });

  it('with firstRunAfterMs, a loop first runs after it (or its interval when shorter), alive meanwhile', async () => {
    vi.useFakeTimers();
    try {
      const loops = createBackgroundLoops({
        log: quiet,
        metrics: recordedMetrics().metrics,
        run: true,
        firstRunAfterMs: 5_000,
        now: () => Date.now(),
      });
      const runs: string[] = [];
      loops.every('hourly', 60 * 60_000, () => Promise.resolve(void runs.push('hourly')));
      loops.every('quick', 1_000, () => Promise.resolve(void runs.push('quick')));
      loops.start();
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toEqual(['quick']);
      await vi.advanceTimersByTimeAsync(3_500);
      expect(runs).not.toContain('hourly');
      expect(loops.stalled()).toEqual([]);
      await vi.advanceTimersByTimeAsync(500);
      expect(runs.filter((run) => run === 'hourly')).toEqual(['hourly']);
      await loops.stop(100);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a loop stopped before its first run never runs', async () => {
    vi.useFakeTimers();
    try {
      const loops = createBackgroundLoops({
        log: quiet,
        metrics: recordedMetrics().metrics,
        run: true,
        firstRunAfterMs: 5_000,
      });
      let runs = 0;
      loops.every('hourly', 60 * 60_000, () => Promise.resolve(void (runs += 1)));
      loops.start();
      await loops.stop(100);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(runs).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without run (tests), nothing starts and a loop added later waits too', () => {
    const loops = createBackgroundLoops({
      log: quiet,
      metrics: recordedMetrics().metrics,
      run: false,
    });
    let starts = 0;
    loops.add({
      name: 'x',
      start: () => void (starts += 1),
      stop: async () => {},
      alive: () => false,
    });
    loops.start();
    expect(starts).toBe(0);
    expect(loops.stalled()).toEqual([]);
  });
});
