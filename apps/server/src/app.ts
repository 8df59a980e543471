import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import { registerBackgroundJobs } from './background-jobs.ts';
import type { Config } from './config.ts';
import { openKeyRing } from './crypto/key-ring.ts';
import { createServerKeyRings } from './crypto/server-key-rings.repository.ts';
import type { Db } from './db/database.ts';
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
import { purgeRateLimits, rateLimit } from './http/rate-limit.ts';
import { registerEndpoints } from './http/route.ts';
import { registerClosingGate } from './http/closing-gate.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { adminHandlers } from './modules/admin/admin.routes.ts';
import { createAdminSwitchService } from './modules/admin/admin-switch.service.ts';
import { createPlatformAdmins } from './modules/admin/platform-admins.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createOauthStatesRepository } from './modules/auth/auth.repository.ts';
import { authHandlers } from './modules/auth/auth.routes.ts';
import type { IdentityProvider } from './modules/auth/identity-provider.ts';
import { createIdentityProvider } from './modules/auth/identity-provider.ts';
import type { ConnectDeps } from './modules/connections/connect-deps.ts';
import { connectionsHandlers } from './modules/connections/connections.routes.ts';
import { purgeConnectionResults } from './modules/connections/connection-results.ts';
import { registerOAuthCallback } from './modules/connections/oauth-callback.route.ts';
import { createProviderDirectory } from './modules/connections/provider-directory.ts';
import { createTokenRefresher } from './modules/connections/token-refresher.ts';
import { dataSourcesHandlers } from './modules/data-sources/data-sources.routes.ts';
import { createDataSourcesService } from './modules/data-sources/data-sources.service.ts';
import { databaseCheck, logLostConnections } from './modules/health/database-health.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { homeHandlers } from './modules/home/home.routes.ts';
import { sessionCookieFor } from './modules/sessions/session-cookie.ts';
import { createSessionService } from './modules/sessions/sessions.service.ts';
import { teamHandlers } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { loadSandboxKeys } from './sandbox/keys.ts';
import { loadSandboxProviderKey } from './sandbox/providers/sandbox-addresses.ts';
import type { SandboxProviderControl } from './sandbox/providers/sandbox-control.ts';
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
  /** The sandbox providers' switches (demo mode); tests pass their own to break and watch them. */
  sandboxProviders?: SandboxProviderControl;
  /** Where log lines go with the server's own logger settings (tests read them). */
  logStream?: LogStream;
  /**
   * Destroy open connections on close instead of waiting for them. Tests that listen call
   * themselves over keep-alive connections; the server's own graceful close keeps the default.
   */
  forceCloseConnections?: boolean;
}

const routeTables = new WeakMap<FastifyInstance, Array<{ method: string; url: string }>>();

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
  });
  app.server.on('checkExpectation', expectationHandler(rawHeaders));
  const routes: Array<{ method: string; url: string }> = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('unit', DEFAULT_BUSINESS_UNIT);
  // Set for every request by the API guard hook before any handler reads it.
  app.decorateRequest('auth', null as never);
  registerActingAdminScope(app);
  registerErrorHandler(app);
  logLostConnections(app, db);
  await registerSecurityHeaders(app, config);
  registerClosingGate(app);
  await app.register(cookie);
  // Bodies are forms only (spec §7): no JSON parser, so other types get 415.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: parseForm });
  registerApiGuards(app, config);

  const cookieSpec = sessionCookieFor(config.publicUrl);
  const sessions = createSessionService({ db, clock, idleSeconds: config.sessionIdleSeconds });
  const teams = createTeamService({ db, clock });
  const useSandboxIdp = !config.google;
  const keys = useSandboxIdp ? loadSandboxKeys(path.join(config.dataDir, 'keys')) : undefined;
  const baseIdentity = createIdentityProvider(config, keys?.clientSecret);
  const identity = options.wrapIdentity ? options.wrapIdentity(baseIdentity) : baseIdentity;
  const auth = createAuthService({ db, clock, sessions, teams, identity });

  const keysDir = path.join(config.dataDir, 'keys');
  const cipher = openKeyRing(config.tokenKeys, keysDir);
  // Demo mode: connectors without real credentials go to the sandbox providers.
  const sandboxKey = config.sandbox ? loadSandboxProviderKey(keysDir) : undefined;
  const providers = createProviderDirectory(config, sandboxKey);
  const connect: ConnectDeps = {
    db,
    clock,
    cipher,
    providers,
    config,
    states: createOauthStatesRepository(db),
  };
  const dataSources = createDataSourcesService({
    db,
    clock,
    providers,
    retentionDays: config.dataSourceRetentionDays,
  });

  const platformAdmins = createPlatformAdmins({
    emails: config.platformAdminEmails,
    findSessionUser: teams.findSessionUser,
  });
  const switches = createAdminSwitchService({
    db,
    clock,
    sessions,
    findSessionUser: teams.findSessionUser,
  });
  const routeDeps = {
    sessions,
    findSessionUser: teams.findSessionUser,
    platformAdminOf: platformAdmins.of,
    cookie: cookieSpec,
  };
  // RELIABILITY 25: sign-in start and callback share one per-IP budget across instances.
  const signInLimit = rateLimit(
    { db, clock },
    {
      bucket: 'sign-in',
      perMinute: config.rateLimitSignInPerMinute,
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    },
  );
  registerEndpoints(
    app,
    routeDeps,
    {
      ...homeHandlers({ config, sessions }),
      ...authHandlers({ config, auth, sessions, teams, cookie: cookieSpec }),
      ...teamHandlers({ teams }),
      ...dataSourcesHandlers({ dataSources }),
      ...connectionsHandlers({ config, connect }),
      ...adminHandlers({ db, switches, cookie: cookieSpec }),
    },
    { login: signInLimit, loginCallback: signInLimit },
  );
  registerOAuthCallback(app, { route: routeDeps, connect });
  // Later checks (migrations applied, background loops alive) join this list.
  registerHealthRoutes(app, [databaseCheck(db)]);

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
      return control;
    };
    await registerSandboxProviders(app, {
      config,
      key: sandboxKey,
      control: options.sandboxProviders ?? defaultControl(),
      clock,
    });
  }
  await registerSpa(app, { config, distDir: options.distDir ?? WEB_DIST_DIR });

  registerBackgroundJobs(app, {
    config,
    refresher: createTokenRefresher({ db, clock, cipher, providers, config, log: app.log }),
    purges: [
      () => sessions.purge(),
      () => auth.purgeStates(),
      () => dataSources.purgeDeletedAccounts(),
      () => purgeRateLimits({ db, clock }),
      () => purgeConnectionResults({ db, clock }),
    ],
    keyRings: createServerKeyRings(db, cipher),
    run: options.maintenance === true,
  });
  return app;
}
