import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_API, DATA_API_DISCOVERY_PATH, DATA_READ_SCOPE } from '@gds/contract';
import type { z } from 'zod';
import type { DataJobPoll, dataApiDiscovery } from '@gds/contract';
import { sameForMany } from '../../http/compression.ts';
import { spacedJsonText } from '../../http/json-text.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AuthorizeConnector, ConnectorCaller } from '../../http/request-context.ts';
import { serveEndpoints } from '../../http/route.ts';
import type { HandlersOf } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { DataApiService, PollAnswer } from './data-api.service.ts';

/** JSON bodies of the data API are small: an account, field ids, a range, a few filters. */
const BODY_LIMIT = 64 * 1024;

const refused = () =>
  new AppError(
    'UNAUTHENTICATED',
    'The connector’s authorization is missing, expired or was revoked. Reauthorize the connector in Looker Studio.',
  );

/**
 * The data API's rate limits, each counted in the database across instances: every call per
 * grant and per team, and jobs started per account.
 */
export interface DataApiLimits {
  /** Every call: its grant's and its team's budgets, counted together. */
  call: (caller: ConnectorCaller, reply: FastifyReply) => Promise<void>;
  /** Jobs started or joined per account (an answer from a stored result starts none). */
  accountJobs: RateLimiter;
}

/** A job's answer: a done page is sent as stored, its rows as PostgreSQL wrote them. */
const sent = (answer: PollAnswer) =>
  'json' in answer ? answer.json : spacedJsonText<DataJobPoll>(answer.text);

/** The data API's handlers, one per DATA_API endpoint, each acting for the token's grant. */
function dataApiHandlers(
  dataApi: DataApiService,
  limits: DataApiLimits,
): HandlersOf<typeof DATA_API> {
  return {
    connectors: ({ connectorCaller }) => dataApi.connectors(connectorCaller),
    accounts: ({ connectorCaller, params }) => dataApi.accounts(connectorCaller, params.connector),
    schema: ({ connectorCaller, params, query, reply }) => {
      // Every chart of every viewer of a report asks for the same schema at once.
      sameForMany(reply);
      return dataApi.describe(connectorCaller, params.connector, query.account);
    },
    createJob: async ({ connectorCaller, body, reply }) =>
      sent(
        await dataApi.startJob(connectorCaller, body, () =>
          limits.accountJobs(`${connectorCaller.teamId}:${body.account}`, reply),
        ),
      ),
    pollJob: async ({ connectorCaller, params, query }) =>
      sent(await dataApi.poll(connectorCaller, params.jobId, query.page)),
  };
}

/**
 * The data API's bearer check: a token from the Authorization header only (never the
 * address) whose grant is live and holds the endpoint's scope, then the grant's and the
 * team's rate limits.
 * Its answers are never cached, refusals included.
 */
function bearerCheck(deps: {
  verify: (
    token: string,
    options: { touch: boolean; scope: string },
  ) => Promise<ConnectorCaller | null>;
  limits: DataApiLimits;
}): AuthorizeConnector {
  return async (req, reply, access) => {
    reply.header('cache-control', 'no-store');
    const token = bearerOf(req);
    // Only starting a job counts as a use: a GET changes no data.
    const caller = token
      ? await deps.verify(token, { touch: req.method === 'POST', scope: access.scope })
      : null;
    if (!caller) {
      reply.header('www-authenticate', 'Bearer realm="data", error="invalid_token"');
      throw refused();
    }
    await deps.limits.call(caller, reply);
    return caller;
  };
}

/**
 * Serves the data API under /api/data/v1: its contract endpoints (DATA_API, connector access)
 * in a scope of their own that takes JSON (the browser API takes forms only), each call
 * checked by its bearer token and rate-limited per grant, team and account; and the
 * discovery document.
 */
export async function registerDataApi(
  app: FastifyInstance,
  deps: {
    dataApi: DataApiService;
    /** The caller behind a token holding a scope; `touch` records a use (starting a job). */
    verify: (
      token: string,
      options: { touch: boolean; scope: string },
    ) => Promise<ConnectorCaller | null>;
    limits: DataApiLimits;
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
    serveEndpoints(
      scope,
      { authorizeConnector: bearerCheck(deps) },
      DATA_API,
      dataApiHandlers(deps.dataApi, deps.limits),
    );
    done();
  });
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer ([\w.~+/-]+=*)$/i.exec(header.trim());
  return match?.[1];
}
