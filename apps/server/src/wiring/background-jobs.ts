import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { ServerKeyRings } from '../crypto/server-key-rings.repository.ts';
import { KEY_RING_HEARTBEAT_MS } from '../crypto/server-key-rings.repository.ts';
import type { JobMetrics, Metrics } from '../lib/metrics.ts';
import type {
  CredentialWarnings,
  WarningSummary,
} from '../modules/credentials/credential-warnings.ts';
import type { RefreshSummary, TokenRefresher } from '../modules/credentials/token-refresher.ts';
import type { DataJobSummary } from '../modules/data-api/data-job-worker.ts';
import type { WebhookRunSummary } from '../modules/team-webhooks/webhook-delivery-worker.ts';
import type { BackgroundLoop, BackgroundLoops } from '../lib/background-loops.ts';
import { createBackgroundLoops } from '../lib/background-loops.ts';

/** Work the server does by itself; tests run it explicitly through backgroundJobs(app). */
export interface BackgroundJobs {
  /** Refreshes every token due now, each by one instance only. */
  refreshTokens: () => Promise<RefreshSummary>;
  /**
   * Records the expiry warnings due and sends each team's members one digest of the
   * credential happenings not told yet, each happening by one instance only.
   */
  warnCredentials: () => Promise<WarningSummary>;
  /**
   * Purges old sessions, states, connection results, rate-limit windows, expired report
   * results, data requests past their retention, and accounts deleted past retention.
   */
  purge: () => Promise<void>;
  /** Records this server's token key versions (its heartbeat; rotate-keys reads them). */
  announceKeys: () => Promise<void>;
  /** Reads the billing provider's events a webhook may have missed, by one instance at a time. */
  reconcileBilling: () => Promise<unknown>;
  /** Runs the report jobs due now, each by one instance only. */
  runDataJobs: () => Promise<DataJobSummary>;
  /** Turns new credential events into webhook deliveries and sends those due now, each by one instance. */
  deliverWebhooks: () => Promise<WebhookRunSummary>;
  /**
   * The loops this instance runs. A new kind of background work joins here: `loops.every`
   * for work on a timer, `loops.add` for a loop with its own timing (a queue worker). Both are
   * stopped at shutdown and watched by /readyz.
   */
  loops: BackgroundLoops;
  /** Where background work reports its queue depth and outcomes (Prometheus). */
  metrics: JobMetrics;
}

const registry = new WeakMap<FastifyInstance, BackgroundJobs>();

export function backgroundJobs(app: FastifyInstance): BackgroundJobs {
  const jobs = registry.get(app);
  if (!jobs) throw new Error('buildApp did not register background jobs');
  return jobs;
}

const HOUR_MS = 60 * 60 * 1000;
/** How often credential warnings are recorded and digested: a failure is told within this. */
const CREDENTIAL_WARNINGS_MS = 15 * 60 * 1000;

/**
 * Registers the jobs, and with `run` starts them on timers in this instance: purges hourly,
 * token refresh every CONNECTOR_REFRESH_INTERVAL_SECONDS, credential warnings every 15 minutes, the key-ring heartbeat every 30 s,
 * billing's event reconciliation every BILLING_RECONCILE_INTERVAL_SECONDS.
 * Every instance runs them; row locks make sure two never do the same piece of work.
 *
 * At close (after in-flight requests are answered), the loops stop: no new run starts, the
 * one under way gets until `stopTimeoutMs`, a refresh still running gives its lease back, and
 * this server leaves server_key_rings. The database is closed after all of that (server.ts).
 */
export function registerBackgroundJobs(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'refresh' | 'connectorTimeoutMs' | 'billingReconcileIntervalMs'>;
    refresher: TokenRefresher;
    warnings: CredentialWarnings;
    /** The report jobs: the queue loop the server runs, and one run now for tests. */
    dataJobs: { loop: BackgroundLoop; runOnce: () => Promise<DataJobSummary> };
    /** Team webhook deliveries: their own queue loop, and one run now for tests. */
    webhookDeliveries: { loop: BackgroundLoop; runOnce: () => Promise<WebhookRunSummary> };
    /** Run one after another; a purge that fails does not keep the others from running. */
    purges: ReadonlyArray<(signal: AbortSignal) => Promise<unknown>>;
    keyRings: ServerKeyRings;
    /** Undefined while billing has no provider to read (demo mode before its sandbox). */
    reconcileBilling: (() => Promise<unknown>) | undefined;
    metrics: Metrics;
    run: boolean;
    /** How long after listening the timed loops first run (0: at once). */
    firstRunAfterMs?: number;
  },
): BackgroundJobs {
  const loops = createBackgroundLoops({
    log: app.log,
    metrics: deps.metrics.jobs,
    run: deps.run,
    firstRunAfterMs: deps.firstRunAfterMs ?? 0,
  });
  const refreshTokens = async (signal?: AbortSignal) => {
    const summary = await deps.refresher.runOnce(100, signal);
    for (const outcome of ['refreshed', 'revoked', 'failed'] as const) {
      deps.metrics.tokenRefreshes.inc({ outcome }, summary[outcome]);
    }
    return summary;
  };
  const purge = async (signal: AbortSignal) => {
    const failures: unknown[] = [];
    for (const run of deps.purges) {
      if (signal.aborted) break;
      try {
        await run(signal);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} purges failed`);
  };
  const jobs: BackgroundJobs = {
    refreshTokens: () => refreshTokens(),
    warnCredentials: () => deps.warnings.runOnce(),
    purge: () => purge(new AbortController().signal),
    announceKeys: () => deps.keyRings.announce(),
    reconcileBilling: () => deps.reconcileBilling?.() ?? Promise.resolve(undefined),
    runDataJobs: () => deps.dataJobs.runOnce(),
    deliverWebhooks: () => deps.webhookDeliveries.runOnce(),
    loops,
    metrics: deps.metrics.jobs,
  };
  registry.set(app, jobs);

  // After listen, not at ready: in demo mode the providers are this very server.
  app.addHook('onListen', (done) => {
    loops.start();
    done();
  });
  // A refresh runs at most the provider timeout; waiting a little longer lets it settle.
  const stopTimeoutMs = deps.config.connectorTimeoutMs + 2_000;
  app.addHook('onClose', async () => {
    await loops.stop(stopTimeoutMs);
    try {
      await deps.refresher.releaseClaims();
    } catch (error) {
      app.log.warn({ err: error }, 'giving back a token refresh lease failed; it lapses by itself');
    }
    // A server shutting down stops counting as a key holder at once, not when its heartbeat ages.
    try {
      await deps.keyRings.forget();
    } catch (error) {
      app.log.warn({ err: error }, 'removing this server from server_key_rings failed');
    }
  });

  loops.every('purge', HOUR_MS, purge);
  loops.every('token-refresh', deps.config.refresh.intervalMs, (signal) => refreshTokens(signal));
  loops.every('credential-warnings', CREDENTIAL_WARNINGS_MS, (signal) =>
    deps.warnings.runOnce(signal),
  );
  loops.every('key-heartbeat', KEY_RING_HEARTBEAT_MS, jobs.announceKeys);
  if (deps.reconcileBilling) {
    loops.every('billing-reconcile', deps.config.billingReconcileIntervalMs, deps.reconcileBilling);
  }
  // Jobs queued by this instance start at once (the loop's kick); its timer picks up the rest.
  loops.add(deps.dataJobs.loop);
  loops.add(deps.webhookDeliveries.loop);
  return jobs;
}
