import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { registerBackgroundJobs } from './background-jobs.ts';
import type { Config } from './config/config.ts';
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
import { purgeRateLimits, rateLimit, rateLimiter } from './http/rate-limit.ts';
import { registerEndpoints } from './http/route.ts';
import { registerClosingGate } from './http/closing-gate.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { activityHandlers } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { adminHandlers } from './modules/admin/admin.routes.ts';
import { createAdminSwitchService } from './modules/admin/admin-switch.service.ts';
import { createPlatformAdmins } from './modules/admin/platform-admins.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authHandlers } from './modules/auth/auth.routes.ts';
import type { IdentityProvider, IdentitySettings } from './modules/auth/identity-provider.ts';
import { GOOGLE_ISSUER, createIdentityProvider } from './modules/auth/identity-provider.ts';
import type { ConnectDeps } from './modules/connect/connect-deps.ts';
import { connectHandlers } from './modules/connect/connect.routes.ts';
import { purgeConnectionResults } from './modules/connect/connection-results.service.ts';
import { registerOAuthCallback } from './modules/connect/oauth-callback.routes.ts';
import { createTokenRefresher } from './modules/credentials/token-refresher.ts';
import { dataSourcesHandlers } from './modules/data-sources/data-sources.routes.ts';
import { createDataSourcesService } from './modules/data-sources/data-sources.service.ts';
import { statsHandlers } from './modules/stats/stats.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { databaseCheck, logLostConnections } from './modules/health/database-health.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { homeHandlers } from './modules/home/home.routes.ts';
import { createInvitationAcceptance } from './modules/invitations/invitation-accept.service.ts';
import { invitationsHandlers } from './modules/invitations/invitations.routes.ts';
import { createInvitationsService } from './modules/invitations/invitations.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { membersHandlers } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { createOauthStatesService } from './modules/oauth-states/oauth-states.service.ts';
import { createProviderDirectory } from './modules/providers/provider-directory.ts';
import { rolesHandlers } from './modules/roles/roles.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { createAuthenticate } from './modules/sessions/authenticate.ts';
import { sessionCookieFor } from './modules/sessions/session-cookie.ts';
import { createSessionService } from './modules/sessions/sessions.service.ts';
import { teamHandlers } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { WEB_DIST_DIR } from './config/paths.ts';
import { loadSandboxKeys } from './sandbox/keys.ts';
import type { SandboxKeys } from './sandbox/keys.ts';
import { registerOutboxPage } from './sandbox/outbox.routes.ts';
import {
  loadSandboxProviderKey,
  sandboxRegistration,
} from './sandbox/providers/sandbox-addresses.ts';
import type { SandboxProviderControl } from './sandbox/providers/sandbox-control.ts';
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

/** Demo mode keeps sent mail this long (an invitation link works 7 days). */
const OUTBOX_KEEP_DAYS = 14;

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
  // Bodies are forms only, as the browser app sends them: no JSON parser, so other types get 415.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: parseForm });
  registerApiGuards(app, config);

  const cookieSpec = sessionCookieFor(config.publicUrl);
  const sessions = createSessionService({ db, clock, idleSeconds: config.sessionIdleSeconds });
  const teams = createTeamService({ db, clock });
  const useSandboxIdp = !config.google;
  const keys = useSandboxIdp ? loadSandboxKeys(path.join(config.dataDir, 'keys')) : undefined;
  const baseIdentity = createIdentityProvider(identitySettings(config, keys));
  const identity = options.wrapIdentity ? options.wrapIdentity(baseIdentity) : baseIdentity;
  const states = createOauthStatesService(db);
  const mailer = createMailer({ config, db, clock, log: app.log });
  const acceptance = createInvitationAcceptance({ db, clock });
  const auth = createAuthService({
    clock,
    states,
    sessions,
    teams,
    identity,
    invitations: acceptance,
  });

  const keysDir = path.join(config.dataDir, 'keys');
  const cipher = openKeyRing(config.tokenKeys, keysDir);
  // Demo mode: connectors without real credentials go to the sandbox providers.
  const sandboxKey = config.sandbox ? loadSandboxProviderKey(keysDir) : undefined;
  const providers = createProviderDirectory(
    config,
    sandboxKey ? sandboxRegistration(config.publicUrl, sandboxKey) : undefined,
  );
  const connect: ConnectDeps = {
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
  const stats = createStatsService({ db, clock });

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
  const authenticate = createAuthenticate({
    sessions,
    cookie: cookieSpec,
    findUser: teams.findSessionUser,
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
  registerEndpoints(
    app,
    { authenticate },
    {
      ...homeHandlers({ config, sessions }),
      ...authHandlers({ config, auth, sessions, teams, cookie: cookieSpec }),
      ...teamHandlers({ teams }),
      ...membersHandlers({ members: createMembersService({ db, clock }), cookie: cookieSpec }),
      ...rolesHandlers({ roles: createRolesService({ db }) }),
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
      ...connectHandlers({ config, connect }),
      ...adminHandlers({ db, switches, cookie: cookieSpec }),
    },
    {
      login: signInLimit,
      loginCallback: signInLimit,
      getInvitationInfo: invitationLinkLimit,
      acceptInvitation: invitationLinkLimit,
    },
  );
  registerOAuthCallback(app, { authenticate, connect });
  // Later checks (migrations applied, background loops alive) join this list.
  registerHealthRoutes(app, [databaseCheck(db)]);

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
      // Not a purge, but hourly too: today's usage of every team for the Stats history.
      () => stats.recordUsageDays(),
      () => purgeRateLimits({ db, clock }),
      () => purgeConnectionResults({ db, clock }),
      () => mailer.purgeOutbox(OUTBOX_KEEP_DAYS),
    ],
    keyRings: createServerKeyRings(db, cipher),
    run: options.maintenance === true,
  });
  return app;
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
