import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundLoop } from './background-loops.ts';
import type { JobMetrics } from './metrics.ts';

/** A queue worker's loop: polled on a timer, and woken at once when this instance queues work. */
export interface QueueLoop extends BackgroundLoop {
  /**
   * Runs the queue now unless a run is under way (that run then goes round once more, so the
   * new job is not left for the next tick). Does nothing until the loop is started: tests run
   * the queue themselves.
   */
  kick: () => void;
}

/** A run this much later than its interval means the loop is stuck (as background-loops.ts). */
const GRACE_MS = 60_000;

/**
 * A loop for a job queue whose runs report how many jobs ended which way. Other instances'
 * jobs, retries after back-off and jobs whose instance died are picked up by the timer; jobs
 * queued here start at once through `kick`. One run at a time.
 */
export function createQueueLoop<Summary extends { [K in keyof Summary]: number }>(deps: {
  name: string;
  intervalMs: number;
  /** Runs the jobs due now; stops claiming new ones once `signal` aborts (shutdown). */
  runOnce: (signal: AbortSignal) => Promise<Summary>;
  /** Which metric outcome each summary field counts as (e.g. done → succeeded). */
  outcomes: { [K in keyof Summary]: 'succeeded' | 'failed' | 'retried' };
  metrics: JobMetrics;
  log: FastifyBaseLogger;
  now?: () => number;
}): QueueLoop {
  const now = deps.now ?? Date.now;
  const stopping = new AbortController();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastStart = 0;

  const run = (): void => {
    if (!started || stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    lastStart = now();
    running = (async () => {
      try {
        const summary = await deps.runOnce(stopping.signal);
        for (const key of Object.keys(deps.outcomes) as Array<keyof Summary & string>) {
          for (let i = 0; i < (summary[key] ?? 0); i += 1) {
            deps.metrics.outcome(deps.name, deps.outcomes[key]);
          }
        }
      } catch (error) {
        deps.metrics.outcome(deps.name, 'failed', (now() - lastStart) / 1000);
        deps.log.warn(
          { err: error, loop: deps.name },
          `background work ${deps.name} failed; it runs again at its next interval`,
        );
      } finally {
        running = undefined;
        if (again) run();
      }
    })();
  };

  return {
    name: deps.name,
    kick: run,
    start: () => {
      if (started) return;
      started = true;
      timer = setInterval(run, deps.intervalMs).unref();
      run();
    },
    stop: async (deadline) => {
      clearInterval(timer);
      stopping.abort();
      if (running) await Promise.race([running, aborted(deadline)]);
    },
    alive: () => now() - lastStart <= deps.intervalMs + Math.max(deps.intervalMs, GRACE_MS),
  };
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}
