import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds buckets for request and job durations: 5 ms to 30 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds buckets for database statements: 0.5 ms to 10 s (the statement timeout). */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 10];

/** Where a report's days came from: asked of the provider, or reused from the day store. */
export type ReportDaySource = 'provider' | 'store';

/** Counts report days by connector and source (the day store's savings). */
export interface ReportDaysCounter {
  add: (connector: string, source: ReportDaySource, days: number) => void;
}

type PoolSource = () => { total: number; idle: number; waiting: number } | undefined;

/** How one run of a piece of background work ended. */
export type JobOutcome = 'succeeded' | 'failed' | 'retried' | 'skipped';

/**
 * What background work reports: the depth of its queue (jobs waiting) and how each job ended.
 * The refresh and purge loops report here; a queue worker (the data API's jobs) or a billing
 * reconciliation loop reports the same way, under its own queue and job names.
 */
export interface JobMetrics {
  queueDepth: (queue: string, depth: number) => void;
  outcome: (job: string, outcome: JobOutcome, seconds?: number) => void;
}

/**
 * One instance's Prometheus metrics, in a registry of its own (one per app, so tests can
 * build many apps in one process). Served at /metrics (http/metrics.routes.ts).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gds_' });
  const metric = { registers: [registry] };
  const requests = new Histogram({
    name: 'gds_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the matched pattern, never the raw path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    ...metric,
  });
  const queries = new Histogram({
    name: 'gds_db_query_duration_seconds',
    help: 'Database statements by outcome',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    ...metric,
  });
  let poolSource: PoolSource | undefined;
  new Gauge({
    name: 'gds_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total and idle connections, waiting clients',
    labelNames: ['state'] as const,
    ...metric,
    collect() {
      const stats = poolSource?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const queueDepth = new Gauge({
    name: 'gds_job_queue_depth',
    help: 'Background jobs waiting, by queue',
    labelNames: ['queue'] as const,
    ...metric,
  });
  const jobs = new Counter({
    name: 'gds_jobs_total',
    help: 'Background job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    ...metric,
  });
  const jobDuration = new Histogram({
    name: 'gds_job_duration_seconds',
    help: 'Background job run time by job',
    labelNames: ['job'] as const,
    buckets: DURATION_BUCKETS,
    ...metric,
  });
  const tokenRefreshes = new Counter({
    name: 'gds_token_refreshes_total',
    help: 'Data-source token refreshes by outcome (refreshed, revoked, failed)',
    labelNames: ['outcome'] as const,
    ...metric,
  });
  const signIns = new Counter({
    name: 'gds_sign_ins_total',
    help: 'Sign-in callbacks by outcome (succeeded, failed)',
    labelNames: ['outcome'] as const,
    ...metric,
  });
  const rateLimited = new Counter({
    name: 'gds_rate_limit_refusals_total',
    help: 'Requests refused with 429 by route',
    labelNames: ['route'] as const,
    ...metric,
  });
  const reportDays = new Counter({
    name: 'gds_report_days_total',
    help: 'Report days by connector and source: fetched from the provider, or reused from the store',
    labelNames: ['connector', 'source'] as const,
    ...metric,
  });
  const reportDaysCounter: ReportDaysCounter = {
    add: (connector, source, days) => {
      if (days > 0) reportDays.inc({ connector, source }, days);
    },
  };
  // The data API's cost at the providers: every call to a reporting API, and the requests
  // that joined an identical job in flight instead of calling again.
  const providerRequests = new Counter({
    name: 'gds_provider_requests_total',
    help: "Calls to a provider's reporting API by connector and outcome (ok, rate_limited, failed, unreachable)",
    labelNames: ['connector', 'outcome'] as const,
    ...metric,
  });
  const dataJobsCoalesced = new Counter({
    name: 'gds_data_jobs_coalesced_total',
    help: 'Data API requests that joined an identical job in flight instead of starting one',
    ...metric,
  });

  // Written before any is read, so a dashboard shows zeros rather than no series.
  for (const outcome of ['refreshed', 'revoked', 'failed']) tokenRefreshes.inc({ outcome }, 0);
  for (const outcome of ['succeeded', 'failed']) signIns.inc({ outcome }, 0);

  const jobMetrics: JobMetrics = {
    queueDepth: (queue, depth) => queueDepth.set({ queue }, depth),
    outcome: (job, outcome, seconds) => {
      jobs.inc({ job, outcome });
      if (seconds !== undefined) jobDuration.observe({ job }, seconds);
    },
  };
  return {
    registry,
    requests,
    queries,
    /** Reads the pool's numbers at each scrape (PGlite has no pool: the source answers undefined). */
    watchPool: (source: PoolSource) => {
      poolSource = source;
    },
    tokenRefreshes,
    signIns,
    rateLimited,
    providerRequests,
    dataJobsCoalesced,
    jobs: jobMetrics,
    reportDays: reportDaysCounter,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
