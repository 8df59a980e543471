import type { FastifyBaseLogger } from 'fastify';
import type { JobMetrics } from './metrics.ts';

/**
 * A piece of background work with its own timing (a queue worker, a reconciliation loop):
 * what the server needs to watch it and to stop it.
 */
export interface BackgroundLoop {
  /** Short and stable: it names the loop in /readyz, metrics and log lines. */
  name: string;
  /** Starts it (called once the server listens). */
  start: () => void;
  /**
   * Starts no new work and resolves once the work under way has ended; `signal` aborts when
   * shutdown can wait no longer (give leases back and return).
   */
  stop: (signal: AbortSignal) => Promise<void>;
  /** False when it should have made progress by now and has not (stuck or dead). */
  alive: () => boolean;
}

export interface BackgroundLoops {
  /**
   * Runs `job` every `ms` in this instance, one run at a time (a slow provider must not pile
   * up overlapping runs). The job gets a signal that aborts at shutdown: stop taking new work.
   */
  every: (name: string, ms: number, job: (signal: AbortSignal) => Promise<unknown>) => void;
  /** Adds a loop with its own timing. */
  add: (loop: BackgroundLoop) => void;
  /** Starts every loop (when this instance runs background work at all). */
  start: () => void;
  /** Stops every loop, waiting at most `timeoutMs` for work under way. */
  stop: (timeoutMs: number) => Promise<void>;
  /** Names of started loops that are not alive; empty when all are. */
  stalled: () => string[];
}

/** A run this much later than its interval means the loop is stuck (or its timer died). */
const GRACE_MS = 60_000;

/**
 * The loops of one server. Loops are only started with `run` (the server; tests call the jobs
 * themselves), and each run's outcome and duration is reported to the job metrics.
 */
export function createBackgroundLoops(deps: {
  log: FastifyBaseLogger;
  metrics: JobMetrics;
  run: boolean;
  /**
   * How long after start a loop on a timer (`every`) first runs, or after its interval when
   * that is shorter; 0 (the default): at once. The server waits a few seconds so that its
   * first requests do not queue behind an hourly purge (PGlite has one connection).
   */
  firstRunAfterMs?: number;
  now?: () => number;
}): BackgroundLoops {
  const now = deps.now ?? Date.now;
  const loops: BackgroundLoop[] = [];
  let started = false;

  const every: BackgroundLoops['every'] = (name, ms, job) => {
    const stopping = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let first: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let lastStart = 0;
    const tick = () => {
      if (running || stopping.signal.aborted) return;
      lastStart = now();
      running = (async () => {
        try {
          await job(stopping.signal);
          deps.metrics.outcome(name, 'succeeded', (now() - lastStart) / 1000);
        } catch (error) {
          deps.metrics.outcome(name, 'failed', (now() - lastStart) / 1000);
          deps.log.warn(
            { err: error, loop: name },
            `background work ${name} failed; it runs again at its next interval`,
          );
        } finally {
          running = undefined;
        }
      })();
    };
    loops.push({
      name,
      start: () => {
        // Overdue is counted from the start until the first run.
        lastStart = now();
        timer = setInterval(tick, ms).unref();
        const after = deps.firstRunAfterMs ?? 0;
        if (after <= 0) tick();
        else if (after < ms) first = setTimeout(tick, after).unref();
      },
      stop: async (deadline) => {
        clearInterval(timer);
        clearTimeout(first);
        stopping.abort();
        if (running) await Promise.race([running, aborted(deadline)]);
      },
      // A run overdue by more than its interval plus the grace: the timer is dead or a run hangs.
      alive: () => now() - lastStart <= ms + Math.max(ms, GRACE_MS),
    });
  };

  return {
    every,
    add: (loop) => {
      loops.push(loop);
      if (started) loop.start();
    },
    start: () => {
      if (!deps.run || started) return;
      started = true;
      for (const loop of loops) loop.start();
    },
    stop: async (timeoutMs) => {
      if (!started) return;
      started = false;
      const deadline = AbortSignal.timeout(timeoutMs);
      await Promise.all(
        loops.map((loop) =>
          loop.stop(deadline).catch((error: unknown) => {
            deps.log.warn(
              { err: error, loop: loop.name },
              `stopping background work ${loop.name} failed`,
            );
          }),
        ),
      );
      if (deadline.aborted) {
        deps.log.warn(`background work was still running after ${timeoutMs} ms; stopped waiting`);
      }
    },
    stalled: () => (started ? loops.filter((loop) => !loop.alive()).map((loop) => loop.name) : []),
  };
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}
