import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { onQuery, poolStats } from '../db/database.ts';
import { createMetrics } from '../lib/metrics.ts';
import type { Metrics } from '../lib/metrics.ts';
import { registerActingAdminScope } from '../http/acting-admin-scope.ts';
import { registerClosingGate } from '../http/closing-gate.ts';
import { registerCompression } from '../http/compression.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { FORM_BODY_LIMIT, parseForm, parseQueryString } from '../http/form-body.ts';
import {
  clientErrorHandler,
  expectationHandler,
  frameworkErrorHandler,
} from '../http/framework-errors.ts';
import { registerApiGuards } from '../http/guards.ts';
import type { LogStream } from '../http/logger.ts';
import { loggerOptions } from '../http/logger.ts';
import { recordRequestMetrics } from '../http/metrics.routes.ts';
import '../http/request-context.ts';
import { registerRequestIdHeader, requestIdOf } from '../http/request-id.ts';
import { responseSerializerCompiler } from '../http/response-serializer.ts';
import { registerSecurityHeaders, securityHeaders } from '../http/security-headers.ts';
import { logLostConnections } from '../modules/health/database-health.ts';

/** The Fastify instance with every plugin and hook the routes rely on, and nothing routed yet. */
export async function createHttpServer(options: {
  config: Config;
  db: Db;
  logger: FastifyServerOptions['logger'] | undefined;
  logStream: LogStream | undefined;
  forceCloseConnections: boolean | undefined;
  validateResponses: boolean | undefined;
  prepareDatabase: ((log: FastifyInstance['log']) => Promise<void>) | undefined;
}): Promise<{
  app: FastifyInstance;
  metrics: Metrics;
  routes: ReadonlyArray<{ method: string; url: string }>;
}> {
  const { config, db } = options;
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
  return { app, metrics, routes };
}
