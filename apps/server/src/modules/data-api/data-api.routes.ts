import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_API } from '@gds/contract';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import type { ConnectorCaller } from '../connector-oauth/connector-grants.service.ts';
import type { DataApiService } from './data-api.service.ts';

/** JSON bodies of the data API are small: an account, field ids, a range, a few filters. */
const BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who a data API call acts for (set by its bearer check). */
    connectorCaller: ConnectorCaller | null;
  }
}

const refused = () =>
  new AppError(
    'UNAUTHENTICATED',
    'The connector’s authorization is missing, expired or was revoked. Reauthorize the connector in Looker Studio.',
  );

/**
 * Serves the data API under /api/data/v1: JSON in a scope of its own (the browser API takes
 * forms only), a bearer token from a connector grant on every call, and a rate limit per
 * grant. Tokens are read from the Authorization header only, never from the address.
 */
export async function registerDataApi(
  app: FastifyInstance,
  deps: {
    dataApi: DataApiService;
    verify: (token: string) => Promise<ConnectorCaller | null>;
    limit: RateLimiter;
  },
): Promise<void> {
  app.decorateRequest('connectorCaller', null);
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.addHook('onRequest', async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const token = bearerOf(req);
      const caller = token ? await deps.verify(token) : null;
      if (!caller) {
        reply.header('www-authenticate', 'Bearer realm="data", error="invalid_token"');
        throw refused();
      }
      await deps.limit(caller.grantId, reply);
      req.connectorCaller = caller;
    });
    const route = scope.withTypeProvider<ZodTypeProvider>();

    route.get(
      DATA_API.schema.path,
      { schema: { params: DATA_API.schema.params, querystring: DATA_API.schema.query } },
      async (req) => deps.dataApi.describe(callerOf(req), req.params.connector, req.query.account),
    );

    route.post(
      DATA_API.createJob.path,
      { schema: { body: DATA_API.createJob.body } },
      async (req) => deps.dataApi.startJob(callerOf(req), req.body),
    );

    route.get(
      DATA_API.pollJob.path,
      { schema: { params: DATA_API.pollJob.params, querystring: DATA_API.pollJob.query } },
      async (req, reply) => {
        const answer = await deps.dataApi.poll(callerOf(req), req.params.jobId, req.query.page);
        if ('json' in answer) return answer.json;
        return reply.type('application/json; charset=utf-8').send(answer.text);
      },
    );
    done();
  });
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer ([\w.~+/-]+=*)$/i.exec(header.trim());
  return match?.[1];
}

function callerOf(req: FastifyRequest): ConnectorCaller {
  if (!req.connectorCaller) throw refused();
  return req.connectorCaller;
}
