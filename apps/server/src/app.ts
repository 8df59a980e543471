import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import './http/request-context.ts';
import { FORM_BODY_LIMIT, parseForm, parseQueryString } from './http/form-body.ts';
import { registerApiGuards } from './http/guards.ts';
import { registerEndpoints } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authHandlers } from './modules/auth/auth.routes.ts';
import type { IdentityProvider } from './modules/auth/identity-provider.ts';
import { createIdentityProvider } from './modules/auth/identity-provider.ts';
import { dataSourcesHandlers } from './modules/data-sources/data-sources.routes.ts';
import { createDataSourcesService } from './modules/data-sources/data-sources.service.ts';
import { homeHandlers } from './modules/home/home.routes.ts';
import { sessionCookieFor } from './modules/sessions/session-cookie.ts';
import { createSessionService } from './modules/sessions/sessions.service.ts';
import { teamHandlers } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { loadSandboxKeys } from './sandbox/keys.ts';
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
  /** Purge old sessions and sign-in states every hour (the server does; tests need not). */
  maintenance?: boolean;
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
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: FORM_BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
    return503OnClosing: true,
  });
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
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
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
  const dataSources = createDataSourcesService({ db });

  registerEndpoints(
    app,
    { sessions, findSessionUser: teams.findSessionUser, cookie: cookieSpec },
    {
      ...homeHandlers({ config }),
      ...authHandlers({ config, auth, sessions, teams, cookie: cookieSpec }),
      ...teamHandlers({ teams }),
      ...dataSourcesHandlers({ dataSources }),
    },
  );

  if (keys) {
    // Imported on demand: oidc-provider is not even loaded when Google does sign-in.
    const { registerSandbox } = await import('./sandbox/sandbox.plugin.ts');
    await registerSandbox(app, { config, keys });
  }
  await registerSpa(app, { config, distDir: options.distDir ?? WEB_DIST_DIR });

  if (options.maintenance) {
    const purge = async () => {
      try {
        await sessions.purge();
        await auth.purgeStates();
      } catch (error) {
        app.log.warn({ err: error }, 'purging old sessions failed');
      }
    };
    const timer = setInterval(() => void purge(), 60 * 60 * 1000).unref();
    app.addHook('onReady', purge);
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  }
  return app;
}

function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], undefined> {
  return {
    level: config.logLevel,
    serializers: {
      // Paths only: queries carry OAuth codes and states, which never belong in a log.
      req: (req: { method: string; url: string; host: string }) => ({
        method: req.method,
        url: req.url.split('?')[0] ?? '',
        host: req.host,
      }),
    },
  };
}
