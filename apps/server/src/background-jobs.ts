import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import type { ServerKeyRings } from './crypto/server-key-rings.repository.ts';
import { KEY_RING_HEARTBEAT_MS } from './crypto/server-key-rings.repository.ts';
import type { RefreshSummary, TokenRefresher } from './modules/credentials/token-refresher.ts';
import type { DataJobSummary } from './modules/data-api/data-job-worker.ts';

/** Work the server does by itself; tests run it explicitly through backgroundJobs(app). */
export interface BackgroundJobs {
  /** Refreshes every token due now, each by one instance only. */
  refreshTokens: () => Promise<RefreshSummary>;
  /**
   * Purges old sessions, states, connection results and rate-limit windows, and accounts
   * deleted past retention.
   */
  purge: () => Promise<void>;
  /** Records this server's token key versions (its heartbeat; rotate-keys reads them). */
  announceKeys: () => Promise<void>;
  /** Reads the billing provider's events a webhook may have missed, by one instance at a time. */
  reconcileBilling: () => Promise<unknown>;
  /** Runs the report jobs due now, each by one instance only. */
  runDataJobs: () => Promise<DataJobSummary>;
}

const registry = new WeakMap<FastifyInstance, BackgroundJobs>();

export function backgroundJobs(app: FastifyInstance): BackgroundJobs {
  const jobs = registry.get(app);
  if (!jobs) throw new Error('buildApp did not register background jobs');
  return jobs;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the jobs, and with `run` starts them on timers in this instance: purges hourly,
 * token refresh every CONNECTOR_REFRESH_INTERVAL_SECONDS, the key-ring heartbeat every 30 s,
 * billing's event reconciliation every BILLING_RECONCILE_INTERVAL_SECONDS.
 * Every instance runs them; row locks make sure two never do the same piece of work.
 */
export function registerBackgroundJobs(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'refresh' | 'billingReconcileIntervalMs' | 'dataApi'>;
    refresher: TokenRefresher;
    /** The report jobs: `run` starts a run unless one is going, `runOnce` runs and answers. */
    dataJobs: { run: () => void; runOnce: () => Promise<DataJobSummary> };
    purges: ReadonlyArray<() => Promise<unknown>>;
    keyRings: ServerKeyRings;
    /** Undefined while billing has no provider to read (demo mode before its sandbox). */
    reconcileBilling: (() => Promise<unknown>) | undefined;
    run: boolean;
  },
): void {
  const jobs: BackgroundJobs = {
    refreshTokens: () => deps.refresher.runOnce(),
    purge: async () => {
      for (const purge of deps.purges) await purge();
    },
    announceKeys: () => deps.keyRings.announce(),
    reconcileBilling: () => deps.reconcileBilling?.() ?? Promise.resolve(undefined),
    runDataJobs: () => deps.dataJobs.runOnce(),
  };
  registry.set(app, jobs);
  // A server shutting down stops counting as a key holder at once, not when its heartbeat ages.
  app.addHook('onClose', async () => {
    try {
      await deps.keyRings.forget();
    } catch (error) {
      app.log.warn({ err: error }, 'removing this server from server_key_rings failed');
    }
  });
  if (!deps.run) return;

  // One run at a time per job: a slow provider must not pile up overlapping refresh loops.
  const every = (name: string, ms: number, job: () => Promise<unknown>) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job();
      } catch (error) {
        app.log.warn({ err: error }, `${name} failed`);
      } finally {
        running = false;
      }
    };
    let timer: NodeJS.Timeout | undefined;
    // After listen, not at ready: in demo mode the providers are this very server.
    app.addHook('onListen', (done) => {
      timer = setInterval(() => void tick(), ms).unref();
      void tick();
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  };
  every(
    'purging old sessions, states, rate-limit windows and deleted accounts',
    HOUR_MS,
    jobs.purge,
  );
  every('refreshing data-source tokens', deps.config.refresh.intervalMs, jobs.refreshTokens);
  every('recording the token keys this server holds', KEY_RING_HEARTBEAT_MS, jobs.announceKeys);
  if (deps.reconcileBilling) {
    every(
      'reading billing events a webhook may have missed',
      deps.config.billingReconcileIntervalMs,
      jobs.reconcileBilling,
    );
  }
  // Jobs queued by this instance start at once; this loop picks up the rest (another
  // instance's, retries after back-off, jobs whose instance died).
  every('running report jobs', deps.config.dataApi.workerIntervalMs, () => {
    deps.dataJobs.run();
    return Promise.resolve();
  });
}
