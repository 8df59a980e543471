import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { registerBackgroundJobs } from './background-jobs.ts';
import type { BillingSettings } from './config/billing-settings.ts';
import type { Config } from './config/config.ts';
import { openKeyRing } from './crypto/key-ring.ts';
import { createServerKeyRings } from './crypto/server-key-rings.repository.ts';
import type { Db } from './db/database.ts';
import { onQuery, poolStats } from './db/database.ts';
import { createMetrics } from './lib/metrics.ts';
import { createQueueLoop } from './lib/queue-loop.ts';
import type { Metrics } from './lib/metrics.ts';
import { recordRequestMetrics, registerMetricsRoute } from './http/metrics.routes.ts';
import { registerOpenApiRoutes } from './http/openapi.routes.ts';
import { registerActingAdminScope } from './http/acting-admin-scope.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import {
  clientErrorHandler,
  expectationHandler,
  frameworkErrorHandler,
} from './http/framework-errors.ts';
import './http/request-context.ts';
import { FORM_BODY_LIMIT, parseForm, parseQueryString } from './http/form-body.ts';
import { registerApiGuards } from './http/guards.ts';
import type { LogStream } from './http/logger.ts';
import { loggerOptions } from './http/logger.ts';
import { purgeRateLimits, rateLimit, rateLimiter } from './http/rate-limit.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { registerEndpoints } from './http/route.ts';
import { registerClosingGate } from './http/closing-gate.ts';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { registerCompression } from './http/compression.ts';
import { activityHandlers } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { adminHandlers } from './modules/admin/admin.routes.ts';
import { createAdminSwitchService } from './modules/admin/admin-switch.service.ts';
import { createPlatformAdmins } from './modules/admin/platform-admins.ts';
import { clientBrowserCookieFor } from './modules/client-links/client-browser-cookie.ts';
import { clientCallback } from './modules/client-links/client-connect-callback.ts';
import { createClientConnect } from './modules/client-links/client-connect.service.ts';
import { clientLinksHandlers } from './modules/client-links/client-links.routes.ts';
import { createClientLinksService } from './modules/client-links/client-links.service.ts';
import { createSignInService } from './modules/sign-in/sign-in.service.ts';
import { signInHandlers } from './modules/sign-in/sign-in.routes.ts';
import { createBillingAccountService } from './modules/billing/billing-account.service.ts';
import { createCheckoutService } from './modules/billing/billing-checkout.service.ts';
import { createCatalogue } from './modules/billing/billing-deps.ts';
import type { BillingDeps } from './modules/billing/billing-deps.ts';
import { reconcileBillingEvents } from './modules/billing-sync/billing-reconcile.ts';
import { registerBillingWebhook } from './modules/billing-sync/billing-webhook.routes.ts';
import { billingHandlers } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createChargebeeClient } from './modules/billing/chargebee-client.ts';
import type { IdentityProvider, IdentitySettings } from './modules/sign-in/identity-provider.ts';
import { GOOGLE_ISSUER, createIdentityProvider } from './modules/sign-in/identity-provider.ts';
import type { ConnectionDeps } from './modules/connection/connection-deps.ts';
import { connectionHandlers } from './modules/connection/connection.routes.ts';
import { purgeConnectionResults } from './modules/connection/connection-results.service.ts';
import { registerOAuthCallback } from './modules/connection/oauth-callback.routes.ts';
import { createAccessTokens } from './modules/credentials/access-token.ts';
import { createTokenRefresher } from './modules/credentials/token-refresher.ts';
import {
  createAuthorizationServer,
  oauthIssuer,
} from './modules/connector-authorization/authorization-server.ts';
import {
  createConnectorGrantsService,
  endMemberGrants,
} from './modules/connector-authorization/connector-grants.service.ts';
import {
  connectorGrantsHandlers,
  registerAuthorizationServer,
} from './modules/connector-authorization/connector-authorization.routes.ts';
import { purgeOauthArtifacts } from './modules/connector-authorization/oauth-adapter.ts';
import { createDataApiService } from './modules/data-api/data-api.service.ts';
import { registerDataApi } from './modules/data-api/data-api.routes.ts';
import { createDataJobWorker } from './modules/data-api/data-job-worker.ts';
import { purgeDataRequests } from './modules/data-api/data-request-log.ts';
import {
  lookerStudioUrls,
  registerConnectorDocsPage,
} from './modules/data-api/looker-studio-links.ts';
import type { ReportFetchers } from './modules/reports/report-fetcher.ts';
import { dataSourcesHandlers } from './modules/data-sources/data-sources.routes.ts';
import { createReportFetchers } from './modules/reports/report-fetchers.ts';
import { FETCHER_DEFINITIONS } from './modules/report-connectors/fetcher-definitions.ts';
import { createDataSourcesService } from './modules/data-sources/data-sources.service.ts';
import { statsHandlers } from './modules/stats/stats.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import {
  backgroundLoopsCheck,
  databaseCheck,
  logLostConnections,
  migrationsCheck,
} from './modules/health/database-health.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { homeHandlers } from './modules/home/home.routes.ts';
import { createInvitationAcceptance } from './modules/invitations/invitation-accept.service.ts';
import { invitationsHandlers } from './modules/invitations/invitations.routes.ts';
import { createInvitationsService } from './modules/invitations/invitations.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { membersHandlers } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import type { EndDataAccess } from './modules/members/members.service.ts';
import { createOauthStatesService } from './modules/oauth-states/oauth-states.service.ts';
import { createProviderDirectory } from './modules/providers/provider-directory.ts';
import { rolesHandlers } from './modules/roles/roles.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { createAuthenticate } from './modules/sessions/authenticate.ts';
import { sessionCookieFor } from './modules/sessions/session-cookie.ts';
import { createSessionService } from './modules/sessions/sessions.service.ts';
import { toSessionUser } from './modules/team/team.mappers.ts';
import { teamHandlers } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { REPO_ROOT, WEB_DIST_DIR } from './config/paths.ts';
import { loadSandboxKeys } from './sandbox/keys.ts';
import type { SandboxKeys } from './sandbox/keys.ts';
import { registerOutboxPage } from './sandbox/outbox.routes.ts';
import {
  loadSandboxProviderKey,
  sandboxRegistration,
} from './sandbox/providers/sandbox-addresses.ts';
import type { SandboxProviderControl } from './sandbox/providers/sandbox-control.ts';
import type { SandboxBilling, SandboxBillingOptions } from './sandbox/billing/sandbox-billing.ts';
import { SANDBOX_CLIENT_ID, sandboxIssuer } from './sandbox/sandbox-constants.ts';
import { registerSpa } from './static/spa.ts';

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
  /**
   * How billing reaches its provider. Real mode builds it from config (CHARGEBEE_*); demo mode
   * gets it from the sandbox billing provider; tests pass one pointing at recorded responses.
   * Undefined in demo mode until the sandbox provides it: billing calls then fail clearly.
   */
  billing?: BillingSettings;
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

/** The product's version, as the root package.json states it (the OpenAPI document's). */
const APP_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** Demo mode keeps sent mail this long (an invitation link works 7 days). */
const OUTBOX_KEEP_DAYS = 14;

const routeTables = new WeakMap<FastifyInstance, Array<{ method: string; url: string }>>();
const metricsOfApp = new WeakMap<FastifyInstance, Metrics>();
const drains = new WeakMap<FastifyInstance, () => void>();

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

const sandboxBillings = new WeakMap<FastifyInstance, SandboxBilling>();

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

/** Builds the whole server (plugins, modules, error handling) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  // Answers made outside Fastify's hooks get the same headers and error body as all others.
  const rawHeaders = securityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: FORM_BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
    // Closing requests are answered by registerClosingGate, in the one error shape.
    return503OnClosing: false,
    ...(options.forceCloseConnections ? { forceCloseConnections: true } : {}),
    frameworkErrors: frameworkErrorHandler(rawHeaders),
    clientErrorHandler: clientErrorHandler(rawHeaders),
    // A request without Host reaches the guards, which refuse it with a body, not Node's bare 400.
    http: { requireHostHeader: false },
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  app.server.on('checkExpectation', expectationHandler(rawHeaders));
  await options.prepareDatabase?.(app.log);
  const routes: Array<{ method: string; url: string }> = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({ validate: options.validateResponses === true }),
  );
  app.decorateRequest('unit', DEFAULT_BUSINESS_UNIT);
  // Set for every request by the API guard hook before any handler reads it.
  app.decorateRequest('auth', null as never);
  const metrics = createMetrics();
  metricsOfApp.set(app, metrics);
  metrics.watchPool(() => poolStats(db));
  const stopQueryMetrics = onQuery(db, (seconds, failed) =>
    metrics.queries.observe({ outcome: failed ? 'failed' : 'succeeded' }, seconds),
  );
  app.addHook('onClose', (_instance, done) => {
    stopQueryMetrics();
    done();
  });
  registerRequestIdHeader(app);
  recordRequestMetrics(app, metrics);
  registerActingAdminScope(app);
  registerErrorHandler(app);
  logLostConnections(app, db);
  registerSecurityHeaders(app, config);
  registerCompression(app);
  registerClosingGate(app);
  await app.register(cookie);
  // Bodies are forms only, as the browser app sends them: no JSON parser, so other types get 415.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: parseForm });
  registerApiGuards(app, config);

  const cookieSpec = sessionCookieFor(config.publicUrl);
  const sessions = createSessionService({ db, clock, idleSeconds: config.sessionIdleSeconds });
  const teams = createTeamService({ db, clock, trialDays: config.trialDays });
  const useSandboxIdp = !config.google;
  const keys = useSandboxIdp ? loadSandboxKeys(path.join(config.dataDir, 'keys')) : undefined;
  const baseIdentity = createIdentityProvider(identitySettings(config, keys));
  const identity = options.wrapIdentity ? options.wrapIdentity(baseIdentity) : baseIdentity;
  const states = createOauthStatesService(db);
  const keysDir = path.join(config.dataDir, 'keys');
  const cipher = openKeyRing(config.tokenKeys, keysDir);
  const mailer = createMailer({ config, db, clock, log: app.log, cipher });
  // Membership changes end the member's connector grants in their own transaction.
  const endDataAccess: EndDataAccess = (tx, member) => endMemberGrants(tx, member, clock());
  const acceptance = createInvitationAcceptance({ db, clock, endDataAccess });
  const signIn = createSignInService({
    clock,
    states,
    sessions,
    teams,
    identity,
    invitations: acceptance,
  });

  // Demo mode: connectors without real credentials go to the sandbox providers.
  const sandboxKey = config.sandbox ? loadSandboxProviderKey(keysDir) : undefined;
  const providers = createProviderDirectory(
    config,
    sandboxKey ? sandboxRegistration(config.publicUrl, sandboxKey) : undefined,
  );
  // Demo mode without a Chargebee site: the sandbox billing provider stands in for Chargebee,
  // and its settings (client options, webhook credentials) go to the billing module.
  const billingSandbox =
    sandboxKey && !config.chargebeeSite
      ? (await import('./sandbox/billing/sandbox-billing.ts')).openSandboxBilling({
          db,
          config,
          clock,
          log: app.log,
          key: sandboxKey,
          options: options.sandboxBilling ?? {},
        })
      : undefined;
  if (billingSandbox) sandboxBillings.set(app, billingSandbox);
  const connect: ConnectionDeps = {
    db,
    clock,
    cipher,
    providers,
    config,
    states,
  };
  const dataSources = createDataSourcesService({
    db,
    clock,
    providers,
    retentionDays: config.dataSourceRetentionDays,
  });
  const stats = createStatsService({
    db,
    clock,
    requestRetentionDays: config.dataApi.requestRetentionDays,
  });

  const billingSettings =
    options.billing ?? billingSandbox?.settings ?? realBillingSettings(config);
  const billingClient = createChargebeeClient(billingSettings, {
    timeoutMs: config.billingTimeoutMs,
    log: app.log,
  });
  const billingDeps: BillingDeps = {
    db,
    clock,
    client: billingClient,
    catalogue: createCatalogue(billingClient, clock),
    log: app.log,
  };
  const billingPlan = createBillingService(billingDeps);

  const reportFetchers: ReportFetchers =
    options.reportFetchers ??
    createReportFetchers({
      providers,
      timeoutMs: config.connectorTimeoutMs,
      definitions: FETCHER_DEFINITIONS,
    });
  const authorizationServer = createAuthorizationServer({
    config,
    db,
    clock,
    cipher,
    log: app.log,
  });
  const connectorGrants = createConnectorGrantsService({
    db,
    clock,
    server: authorizationServer,
  });
  const refresher = createTokenRefresher({ db, clock, cipher, providers, config, log: app.log });
  const dataJobs = createDataJobWorker({
    db,
    clock,
    fetchers: reportFetchers,
    accessTokens: createAccessTokens({ db, clock, cipher, refresher, config }),
    config,
    log: app.log,
  });
  const dataJobsLoop = createQueueLoop({
    name: 'data-jobs',
    intervalMs: config.dataApi.workerIntervalMs,
    runOnce: (signal) => dataJobs.runOnce(20, signal),
    outcomes: { done: 'succeeded', failed: 'failed', retried: 'retried' },
    metrics: metrics.jobs,
    log: app.log,
  });
  const dataApi = createDataApiService({
    db,
    clock,
    fetchers: reportFetchers,
    config,
    // Does nothing unless the loop runs in this instance (the server; tests run jobs themselves).
    kick: dataJobsLoop.kick,
  });

  const platformAdmins = createPlatformAdmins({ emails: config.platformAdminEmails });
  const switches = createAdminSwitchService({
    db,
    clock,
    sessions,
    findSessionUser: teams.findSessionUser,
  });
  const authenticate = createAuthenticate({
    sessions,
    cookie: cookieSpec,
    toSessionUser,
    platformAdminOf: platformAdmins.of,
  });
  // Sign-in start and callback share one per-IP budget, counted across all instances.
  const signInLimit = rateLimit(
    { db, clock },
    {
      bucket: 'sign-in',
      perMinute: config.rateLimitSignInPerMinute,
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    },
  );
  // Invitation links are read and accepted per IP; invitations are sent per team and hour.
  const invitationLinkLimit = rateLimit(
    { db, clock },
    {
      bucket: 'invitation-link',
      perMinute: config.rateLimitInvitationLinksPerMinute,
      message: 'Too many invitation requests. Please wait a minute and try again.',
    },
  );
  const teamInvitationLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-invitations',
      limit: config.rateLimitInvitationsPerHour,
      windowMs: 60 * 60 * 1000,
      message:
        'Your team has sent the most invitations allowed in an hour. Please try again later.',
    },
  );
  const teamRoleChangeLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-role-changes',
      limit: config.rateLimitRoleChangesPerHour,
      windowMs: 60 * 60 * 1000,
      message:
        'Your team has created, changed or deleted the most roles allowed in an hour. Please try again later.',
    },
  );
  // Client links: the client's page, start and result per IP; links made per team and hour.
  const clientLinkPageLimit = rateLimit(
    { db, clock },
    {
      bucket: 'client-link-page',
      perMinute: config.rateLimitClientLinkPagesPerMinute,
      message: 'Too many requests for this link. Please wait a minute and try again.',
    },
  );
  const teamClientLinkLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-client-links',
      limit: config.rateLimitClientLinksPerHour,
      windowMs: 60 * 60 * 1000,
      message:
        'Your team has made the most client links allowed in an hour. Please try again later.',
    },
  );
  const clientCookie = clientBrowserCookieFor(config.publicUrl);
  registerEndpoints(
    app,
    { authenticate },
    {
      ...homeHandlers({
        config,
        sessions,
        lookerStudioUrls: lookerStudioUrls(config, reportFetchers),
      }),
      ...signInHandlers({ config, signIn, sessions, teams, cookie: cookieSpec }),
      ...teamHandlers({ teams }),
      ...membersHandlers({
        members: createMembersService({ db, clock, endDataAccess }),
        cookie: cookieSpec,
      }),
      ...rolesHandlers({ roles: createRolesService({ db }), teamLimit: teamRoleChangeLimit }),
      ...invitationsHandlers({
        config,
        invitations: createInvitationsService({ db, clock, mailer }),
        acceptance,
        sessions,
        cookie: cookieSpec,
        teamLimit: teamInvitationLimit,
      }),
      ...activityHandlers({ activity: createActivityService({ db }) }),
      ...dataSourcesHandlers({ dataSources }),
      ...statsHandlers({ stats }),
      ...connectionHandlers({ config, connect }),
      ...clientLinksHandlers({
        config,
        links: createClientLinksService({ db, clock, mailer, providers }),
        client: createClientConnect(connect),
        cookie: clientCookie,
        teamLimit: teamClientLinkLimit,
      }),
      ...connectorGrantsHandlers({
        db,
        config,
        server: authorizationServer,
        grants: connectorGrants,
      }),
      ...adminHandlers({ db, switches, cookie: cookieSpec }),
      ...billingHandlers({
        plan: billingPlan,
        checkout: createCheckoutService(billingDeps),
        account: createBillingAccountService(billingDeps, billingPlan),
        config,
      }),
    },
    {
      login: signInLimit,
      loginCallback: signInLimit,
      getInvitationInfo: invitationLinkLimit,
      acceptInvitation: invitationLinkLimit,
      getClientLinkInfo: clientLinkPageLimit,
      startClientConnection: clientLinkPageLimit,
      getClientConnectionResult: clientLinkPageLimit,
    },
  );
  registerOAuthCallback(app, {
    authenticate,
    connect,
    client: clientCallback({ connect, cookie: clientCookie }),
  });
  await registerBillingWebhook(app, { settings: billingSettings, sync: billingDeps });
  await registerAuthorizationServer(app, {
    config,
    server: authorizationServer,
    authenticate,
    grants: connectorGrants,
  });
  await registerDataApi(app, {
    dataApi,
    baseUrls: config.dataApi.baseUrls,
    issuer: oauthIssuer(config.publicUrl),
    verify: (token, options) => connectorGrants.verifyAccessToken(token, options),
    limit: rateLimiter(
      { db, clock },
      {
        bucket: 'data-api',
        limit: config.dataApi.perMinute,
        windowMs: 60 * 1000,
        message:
          'The connector made too many requests in a minute. Wait a minute, then refresh the report.',
      },
    ),
  });
  if (config.sandbox) registerConnectorDocsPage(app);
  let draining = false;
  drains.set(app, () => {
    draining = true;
  });
  // Filled in below, once the background jobs are registered.
  let stalledLoops: () => string[] = () => [];
  registerHealthRoutes(app, [
    {
      name: 'accepting requests',
      run: () => (draining ? Promise.reject(new Error('shutting down')) : Promise.resolve()),
    },
    databaseCheck(db),
    migrationsCheck(db),
    backgroundLoopsCheck(() => stalledLoops()),
  ]);
  registerMetricsRoute(app, metrics, config);
  registerOpenApiRoutes(app, { config, version: APP_VERSION });

  if (config.sandbox) registerOutboxPage(app, { newest: (limit) => mailer.outbox(limit) });
  if (keys) {
    // Imported on demand: oidc-provider is not even loaded when Google does sign-in.
    const { registerSandbox } = await import('./sandbox/sandbox.plugin.ts');
    await registerSandbox(app, { config, keys });
  }
  if (sandboxKey) {
    const { registerSandboxProviders } =
      await import('./sandbox/providers/sandbox-providers.plugin.ts');
    const { SandboxProviderControl } = await import('./sandbox/providers/sandbox-control.ts');
    const defaultControl = () => {
      const control = new SandboxProviderControl();
      control.accountsPerLogin = config.sandboxAccountsPerLogin;
      control.tokenDelayMs = config.sandboxTokenDelayMs;
      return control;
    };
    await registerSandboxProviders(app, {
      config,
      key: sandboxKey,
      control: options.sandboxProviders ?? defaultControl(),
      clock,
    });
  }
  if (billingSandbox) await billingSandbox.register(app);
  await registerSpa(app, { config, distDir: options.distDir ?? WEB_DIST_DIR });

  const jobs = registerBackgroundJobs(app, {
    config,
    refresher,
    dataJobs: { loop: dataJobsLoop, runOnce: () => dataJobs.runOnce() },
    purges: [
      (signal) => dataJobs.purge(signal),
      (signal) =>
        purgeDataRequests(
          { db, clock, retentionDays: config.dataApi.requestRetentionDays },
          signal,
        ),
      () => purgeOauthArtifacts({ db, clock }),
      () => sessions.purge(),
      () => signIn.purgeStates(),
      () => dataSources.purgeDeletedAccounts(),
      // Not a purge, but hourly too: today's usage of every team for the Stats history.
      () => stats.recordUsageDays(),
      () => purgeRateLimits({ db, clock }),
      () => purgeConnectionResults({ db, clock }),
      () => mailer.purgeOutbox(OUTBOX_KEEP_DAYS),
    ],
    keyRings: createServerKeyRings(db, cipher),
    reconcileBilling: billingSettings ? () => reconcileBillingEvents(billingDeps) : undefined,
    metrics,
    run: options.maintenance === true,
    firstRunAfterMs: options.maintenanceFirstRunAfterMs ?? 0,
  });
  stalledLoops = jobs.loops.stalled;
  return app;
}

/** Chargebee itself when configured (the sandbox off); undefined in demo mode. */
function realBillingSettings(config: Config): BillingSettings | undefined {
  if (!config.chargebee) return undefined;
  return {
    client: { site: config.chargebeeSite, apiKey: config.chargebee.apiKey },
    webhook: {
      username: config.chargebee.webhookUsername,
      password: config.chargebee.webhookPassword,
    },
    sandbox: false,
  };
}

/** Google when it is configured, else the sandbox identity provider with its generated secret. */
function identitySettings(config: Config, keys: SandboxKeys | undefined): IdentitySettings {
  if (config.google) {
    const { clientId, clientSecret } = config.google;
    return { kind: 'google', issuer: GOOGLE_ISSUER, clientId, clientSecret };
  }
  return {
    kind: 'sandbox',
    issuer: sandboxIssuer(config.publicUrl),
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: keys?.clientSecret ?? '',
  };
}
