import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { SandboxBilling, SandboxBillingOptions, SandboxProviderControl } from '@gds/sandbox';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import type { Config } from './config/config.ts';
import { WEB_DIST_DIR } from './config/paths.ts';
import { openKeyRing } from './crypto/key-ring.ts';
import type { Db } from './db/database.ts';
import type { Metrics } from './lib/metrics.ts';
import type { LogStream } from './http/logger.ts';
import { registerEndpoints } from './http/route.ts';
import type { IdentityProvider } from './modules/sign-in/identity-provider.ts';
import { createMailer } from './modules/mail/mailer.ts';
import type { ReportFetchers } from './modules/reports/report-fetcher.ts';
import { registerSpa } from './static/spa.ts';
import type { AppCore } from './wiring/app-core.ts';
import { wireBilling } from './wiring/billing.ts';
import { wireConnections } from './wiring/connections.ts';
import { wireDataApi } from './wiring/data-api.ts';
import { openDemoMode } from './wiring/demo-mode.ts';
import { createHttpServer } from './wiring/http-server.ts';
import { registerOperations, startBackgroundJobs, wireAdmin } from './wiring/operations.ts';
import { wireSessions, wireSignIn } from './wiring/sign-in.ts';
import { wireTeam } from './wiring/team.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Pino options, or false (tests). Defaults to config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA is; defaults to apps/web/dist. */
  distDir?: string;
  /** Lets tests observe or replace the identity provider (e.g. count token calls). */
  wrapIdentity?: (provider: IdentityProvider) => IdentityProvider;
  /**
   * Run the background jobs on timers: hourly purges, token refresh (the server does; tests
   * run them explicitly through backgroundJobs(app)).
   */
  maintenance?: boolean;
  /**
   * How long after listening the timed background jobs first run (default 0: at once). The
   * server waits a few seconds, so the first requests after a start are not queued behind them.
   */
  maintenanceFirstRunAfterMs?: number;
  /** The sandbox providers' switches (demo mode); tests pass their own to break and watch them. */
  sandboxProviders?: SandboxProviderControl;
  /** Where log lines go with the server's own logger settings (tests read them). */
  logStream?: LogStream;
  /**
   * Destroy open connections on close instead of waiting for them. Tests that listen call
   * themselves over keep-alive connections; the server's own graceful close keeps the default.
   */
  forceCloseConnections?: boolean;
  /** The sandbox billing provider's test switches (webhook address, delivery, retry waits). */
  sandboxBilling?: SandboxBillingOptions;
  /**
   * Also check every response against its contract schema with zod (tests). The server writes
   * responses with writers compiled from the same schemas, which drop what the contract does
   * not name; checking each one again would cost more than the rest of a read.
   */
  validateResponses?: boolean;
  /** The report fetcher of each connector the data API serves (tests pass their own). */
  reportFetchers?: ReportFetchers;
  /**
   * Waits for the database and applies migrations (the server), logging through the app's own
   * logger; run before anything is built that reads or writes the database (the sandbox
   * billing provider stores its settings while the app is built).
   */
  prepareDatabase?: (log: FastifyInstance['log']) => Promise<void>;
}

const routeTables = new WeakMap<FastifyInstance, ReadonlyArray<{ method: string; url: string }>>();
const metricsOfApp = new WeakMap<FastifyInstance, Metrics>();
const drains = new WeakMap<FastifyInstance, () => void>();
const sandboxBillings = new WeakMap<FastifyInstance, SandboxBilling>();

/** The app's Prometheus metrics (server.ts serves them on METRICS_PORT; tests read them). */
export function appMetrics(app: FastifyInstance): Metrics {
  const metrics = metricsOfApp.get(app);
  if (!metrics) throw new Error('not an app made by buildApp');
  return metrics;
}

/**
 * Shutdown has begun: /readyz answers 503 from now on, so load balancers stop sending new
 * requests while this instance still serves the ones that arrive meanwhile.
 */
export function beginDrain(app: FastifyInstance): void {
  drains.get(app)?.();
}

/** The sandbox billing provider of a demo-mode app (tests advance its time, await webhooks). */
export function sandboxBillingOf(app: FastifyInstance): SandboxBilling | undefined {
  return sandboxBillings.get(app);
}

/** Every method + path registered on the app (the authorization-matrix test reads it). */
export function registeredRoutes(
  app: FastifyInstance,
): ReadonlyArray<{ method: string; url: string }> {
  return routeTables.get(app) ?? [];
}

/**
 * Builds the whole server without listening: the HTTP server with its plugins, then each
 * area's services, endpoints (with the rate limits guarding them) and background work.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const { app, metrics, routes } = await createHttpServer({
    config,
    db,
    logger: options.logger,
    logStream: options.logStream,
    forceCloseConnections: options.forceCloseConnections,
    validateResponses: options.validateResponses,
    prepareDatabase: options.prepareDatabase,
  });
  routeTables.set(app, routes);
  metricsOfApp.set(app, metrics);
  const cipher = openKeyRing(config.tokenKeys, path.join(config.dataDir, 'keys'));
  const mailer = createMailer({ config, db, clock, log: app.log, cipher });
  const core: AppCore = { app, config, db, clock, cipher, mailer, metrics };

  const demo = await openDemoMode(core, {
    sandboxProviders: options.sandboxProviders,
    sandboxBilling: options.sandboxBilling,
  });
  if (demo.billing) sandboxBillings.set(app, demo.billing);
  const session = wireSessions(core);
  const team = wireTeam(core, { session });
  const connections = wireConnections(core, { session, providerStandIn: demo.providerStandIn });
  const dataApi = wireDataApi(core, {
    session,
    providers: connections.providers,
    refresher: connections.refresher,
    reportFetchers: options.reportFetchers,
  });
  const signIn = wireSignIn(core, {
    session,
    acceptance: team.acceptance,
    sandboxIdentity: demo.identity,
    wrapIdentity: options.wrapIdentity,
    lookerStudioUrls: dataApi.lookerStudioUrls,
  });
  const billing = wireBilling(core, { settings: demo.billing?.settings });
  const admin = wireAdmin(core, { session });

  registerEndpoints(
    app,
    { authenticate: session.authenticate },
    {
      ...signIn.handlers,
      ...team.handlers,
      ...connections.handlers,
      ...dataApi.handlers,
      ...admin.handlers,
      ...billing.handlers,
    },
    { ...signIn.gates, ...team.gates, ...connections.gates },
  );
  connections.register();
  await billing.register();
  await dataApi.register();
  let draining = false;
  drains.set(app, () => {
    draining = true;
  });
  // Filled in below, once the background jobs are registered.
  let stalledLoops: () => string[] = () => [];
  registerOperations(core, { draining: () => draining, stalledLoops: () => stalledLoops() });
  await demo.register();
  await registerSpa(app, { config, distDir: options.distDir ?? WEB_DIST_DIR });

  const jobs = startBackgroundJobs(core, {
    refresher: connections.refresher,
    dataJobs: dataApi.dataJobs,
    webhookDeliveries: team.webhookDeliveries,
    purges: [
      ...dataApi.purges,
      ...signIn.purges,
      ...connections.purges,
      ...team.purges,
      ...demo.purges,
    ],
    reconcileBilling: billing.reconcile,
    run: options.maintenance === true,
    firstRunAfterMs: options.maintenanceFirstRunAfterMs ?? 0,
  });
  stalledLoops = jobs.loops.stalled;
  return app;
}
