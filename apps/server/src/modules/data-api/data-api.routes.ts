import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_API, DATA_API_DISCOVERY_PATH, DATA_READ_SCOPE } from '@gds/contract';
import type { z } from 'zod';
import type { dataApiDiscovery } from '@gds/contract';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import type { ConnectorCaller } from '../connector-authorization/connector-grants.service.ts';
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
    /** The caller behind a token; `touch` records a use (starting a job). */
    verify: (token: string, options: { touch: boolean }) => Promise<ConnectorCaller | null>;
    limit: RateLimiter;
    /** Where each environment serves the data API (DATA_API_BASE_URLS). */
    baseUrls: z.output<typeof dataApiDiscovery>['environments'];
    /** The authorization server's issuer (PUBLIC_URL/oauth). */
    issuer: string;
  },
): Promise<void> {
  app.decorateRequest('connectorCaller', null);
  const discovery: z.output<typeof dataApiDiscovery> = {
    version: 'v1',
    environments: deps.baseUrls,
    authorizationEndpoint: `${deps.issuer}/auth`,
    tokenEndpoint: `${deps.issuer}/token`,
    revocationEndpoint: `${deps.issuer}/token/revocation`,
    scope: DATA_READ_SCOPE,
  };
  // Public and the same for everyone: a connector reads it before it has a token.
  app.get(DATA_API_DISCOVERY_PATH, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(discovery),
  );
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
      // Only starting a job counts as a use: a GET changes no data.
      const caller = token ? await deps.verify(token, { touch: req.method === 'POST' }) : null;
      if (!caller) {
        reply.header('www-authenticate', 'Bearer realm="data", error="invalid_token"');
        throw refused();
      }
      await deps.limit(caller.grantId, reply);
      req.connectorCaller = caller;
    });
    const route = scope.withTypeProvider<ZodTypeProvider>();

    route.get(DATA_API.connectors.path, async (req) => deps.dataApi.connectors(callerOf(req)));

    route.get(
      DATA_API.accounts.path,
      { schema: { params: DATA_API.accounts.params } },
      async (req) => deps.dataApi.accounts(callerOf(req), req.params.connector),
    );

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
