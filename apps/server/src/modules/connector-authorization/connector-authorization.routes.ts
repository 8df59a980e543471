import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config/config.ts';
import type { Authenticate } from '../../http/request-context.ts';
import { signedInUser } from '../../http/request-context.ts';
import type { Handlers } from '../../http/route.ts';
import { notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/database.ts';
import { findTeam } from '../team/team.service.ts';
import { CONNECTOR_CLIENT_NAME, OAUTH_PATH, interactionPath } from './authorization-server.ts';
import type { AuthorizationServer } from './authorization-server.ts';
import type { ConnectorGrantsService } from './connector-grants.service.ts';
import { connectorSubject } from './connector-subject.ts';
import { renderOauthPage } from './oauth-page.ts';

/** The SPA's consent page; it reads the request with getConnectorConsent and posts the decision. */
export const CONSENT_PAGE_PATH = '/connector-consent';

const EXPIRED = [
  'This authorization request has expired',
  'It was open too long, was already answered, or was started in another browser.',
  'Go back to Looker Studio and authorize the connector again.',
] as const;

/**
 * Serves the authorization server under /oauth: oidc-provider's own endpoints (authorize,
 * token, revocation, discovery) read their own bodies in a scope that leaves the stream alone;
 * the interaction (sign-in and consent) is ours: it sends the person to the app's consent page,
 * which posts Allow or Cancel back here.
 */
export async function registerAuthorizationServer(
  app: FastifyInstance,
  deps: {
    config: Config;
    server: AuthorizationServer;
    authenticate: Authenticate;
    grants: ConnectorGrantsService;
  },
): Promise<void> {
  const { server, config } = deps;
  const allowedOrigins = new Set(config.appOrigins);
  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(renderOauthPage(...EXPIRED));

  // The person arrives from the connector: the app's consent page takes over (signing in
  // first when needed). The interaction cookie proves this browser started the request.
  app.get(`${OAUTH_PATH}/interaction/:uid`, async (req, reply) => {
    const provider = await server.provider();
    try {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      return await reply
        .header('cache-control', 'no-store')
        .redirect(`${CONSENT_PAGE_PATH}?uid=${encodeURIComponent(details.uid)}`, 303);
    } catch {
      return expired(reply);
    }
  });

  // Allow or Cancel from the consent page: a form post from the app itself, by a signed-in member.
  app.post(`${OAUTH_PATH}/interaction/:uid/decision`, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return reply
        .code(403)
        .type('text/html')
        .send(
          renderOauthPage(
            'This request did not come from the app',
            'The authorization was not changed.',
            'Go back to Looker Studio and authorize the connector again.',
          ),
        );
    }
    const user = signedInUser(await deps.authenticate(req));
    if (!user) {
      return reply
        .code(401)
        .type('text/html')
        .send(
          renderOauthPage(
            'Please sign in',
            'Your session ended before you answered.',
            'Go back to Looker Studio and authorize the connector again; you will be asked to sign in.',
          ),
        );
    }
    const provider = await server.provider();
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return expired(reply);
    }
    const decision = (req.body as Record<string, unknown> | undefined)?.decision;
    const clientId = textOf(details.params.client_id);
    let result: Record<string, unknown>;
    if (decision === 'allow') {
      const grantId = await deps.grants.allow(user, clientId);
      result = {
        login: { accountId: connectorSubject(user.teamId, user.id) },
        consent: { grantId },
      };
    } else {
      result = {
        error: 'access_denied',
        error_description: 'The member cancelled the authorization.',
      };
    }
    let returnTo: string;
    try {
      returnTo = await provider.interactionResult(req.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
    } catch {
      return expired(reply);
    }
    return reply.redirect(returnTo, 303);
  });

  let callback: ReturnType<Provider['callback']> | undefined;
  /** Hands the request to oidc-provider as a request for `path` under its mount path. */
  const toProvider = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    callback ??= (await server.provider()).callback();
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    const query = (raw.url ?? '').split('?')[1];
    const url = query === undefined ? path : `${path}?${query}`;
    // oidc-provider routes relative to its mount path and finds the path from originalUrl.
    raw.originalUrl = `${OAUTH_PATH}${url}`;
    raw.url = url;
    callback(raw, reply.raw);
  };
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, next) => next(null, undefined));
    // Only the endpoints the connector uses: any other address gets the app's own 404.
    for (const [methods, path] of PROVIDER_ENDPOINTS) {
      scope.route({
        method: [...methods],
        url: `${OAUTH_PATH}${path}`,
        handler: (req, reply) => toProvider(req, reply, routedPath(req.url)),
      });
    }
    // The metadata at its RFC 8414 address (the issuer's path after the well-known part), and
    // at the bare one for clients that look only at the host, which has this one server.
    for (const url of [`${METADATA_PATH}${OAUTH_PATH}`, METADATA_PATH]) {
      scope.get(url, (req, reply) => toProvider(req, reply, DISCOVERY_PATH));
    }
    done();
  });
}

/** The path of a request under the mount path, without its query. */
const routedPath = (url: string) => (url.split('?')[0] ?? '').slice(OAUTH_PATH.length) || '/';

const DISCOVERY_PATH = '/.well-known/openid-configuration';
const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** oidc-provider's endpoints the connector needs, relative to the mount path. */
const PROVIDER_ENDPOINTS: ReadonlyArray<readonly [readonly ('GET' | 'POST')[], string]> = [
  [['GET', 'POST'], '/auth'],
  [['GET'], '/auth/:uid'],
  [['POST'], '/token'],
  [['POST'], '/token/revocation'],
  [['GET'], '/jwks'],
  [['GET'], DISCOVERY_PATH],
];

/** The browser API of connector grants: the consent page's details, the list, revoking. */
export function connectorGrantsHandlers(deps: {
  db: Db;
  config: Config;
  server: AuthorizationServer;
  grants: ConnectorGrantsService;
}): Pick<Handlers, 'getConnectorGrants' | 'revokeConnectorGrant' | 'getConnectorConsent'> {
  return {
    getConnectorGrants: async ({ user }) => ({ grants: await deps.grants.list(user) }),

    revokeConnectorGrant: async ({ user, params }) => {
      await deps.grants.revoke(user, params.grantId);
      return { success: true as const };
    },

    getConnectorConsent: async ({ user, query }) => {
      const provider = await deps.server.provider();
      const interaction = await provider.Interaction.find(query.uid);
      const clientId = textOf(interaction?.params.client_id);
      const client = deps.config.lookerStudio.client;
      if (!interaction || !client || client.clientId !== clientId) {
        throw notFound('This authorization request');
      }
      const team = await findTeam(deps.db, user.teamId);
      return {
        client: { id: clientId, name: CONNECTOR_CLIENT_NAME },
        team: { name: team?.name ?? '' },
        action: `${interactionPath(query.uid)}/decision`,
      };
    },
  };
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
