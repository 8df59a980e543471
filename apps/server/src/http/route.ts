import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ENDPOINTS, MESSAGES, hasPermissions } from '@gds/contract';
import type {
  BusinessUnit,
  ConnectorAccess,
  Endpoint,
  ResponseOf,
  SessionAccess,
} from '@gds/contract';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import type { RequestGate } from './rate-limit.ts';
import type { JsonText } from './json-text.ts';
import type {
  Authenticate,
  AuthorizeConnector,
  ConnectorCaller,
  RequestAuth,
  SessionUser,
} from './request-context.ts';
import { platformAdminOf, signedInUser } from './request-context.ts';

type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

/** A connector endpoint's handler always has its caller; no other handler has one. */
type CallerOf<E extends Endpoint> = E['access'] extends ConnectorAccess ? ConnectorCaller : null;

/**
 * The signed-in user a handler gets: always one on a private or platform-admin endpoint (the
 * access check refuses anonymous callers before the handler runs), maybe one on a public
 * endpoint, none on a connector endpoint (it reads no session).
 */
type UserOf<E extends Endpoint> = E['access'] extends SessionAccess
  ? SessionUser
  : E['access'] extends ConnectorAccess
    ? null
    : SessionUser | null;

/** What a handler gets: validated input plus who is asking. */
export interface HandlerInput<E extends Endpoint> {
  query: Out<E['query']>;
  body: Out<E['body']>;
  params: Out<E['params']>;
  unit: BusinessUnit;
  auth: RequestAuth;
  /** The signed-in user, loaded fresh for this request; always set on private routes. */
  user: UserOf<E>;
  /** Who a connector endpoint's bearer token acts for; null on every other endpoint. */
  connectorCaller: CallerOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers its contract's response, as a value or as JSON text spelling one. */
export type RouteHandler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<ResponseOf<E> | JsonText<ResponseOf<E>>>;

/**
 * What serving endpoints needs: the session check for browser endpoints, the bearer check for
 * connector endpoints. A table whose endpoints need one that is not given fails at start.
 */
export interface RouteDeps {
  authenticate?: Authenticate;
  authorizeConnector?: AuthorizeConnector;
}

export type Route = <E extends Endpoint>(
  endpoint: E,
  handler: RouteHandler<E>,
  gate?: RequestGate,
) => void;

type EndpointName = keyof typeof ENDPOINTS;

/** One handler per endpoint of a table: leaving one out is a type error, not an open route. */
export type HandlersOf<T extends Record<string, Endpoint>> = {
  [K in keyof T]: RouteHandler<T[K]>;
};

/** One handler per contract endpoint (ENDPOINTS). */
export type Handlers = HandlersOf<typeof ENDPOINTS>;

/** Checks run before an endpoint's access check and handler (e.g. rate limits), by endpoint. */
export type Gates = Partial<Record<EndpointName, RequestGate>>;

/** Serves every endpoint of the contract, each with its handler, declared access and gate. */
export function registerEndpoints(
  app: FastifyInstance,
  deps: RouteDeps,
  handlers: Handlers,
  gates: Gates = {},
): void {
  serveEndpoints(app, deps, ENDPOINTS, handlers, gates);
}

/** Serves every endpoint of a table of the contract (ENDPOINTS, DATA_API) with its handler. */
export function serveEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  deps: RouteDeps,
  endpoints: T,
  handlers: HandlersOf<T>,
  gates: Partial<Record<keyof T, RequestGate>> = {},
): void {
  const route = createRoute(app, deps);
  for (const name of Object.keys(endpoints) as Array<keyof T & string>) {
    const handler = handlers[name] as unknown as RouteHandler<Endpoint>;
    if (typeof handler !== 'function') throw new Error(`No handler for endpoint ${name}`);
    route(endpoints[name] as Endpoint, handler, gates[name]);
  }
}

/**
 * Serves one contract endpoint with its own schemas and its declared access. Access is
 * checked in onRequest, before the body is even parsed; anything not declared public needs a
 * signed-in user holding every listed permission, or for platformAdmin routes a platform admin
 * behind the session (fails closed). A connector endpoint reads no session at all: only its
 * bearer token, which must belong to a live grant holding the endpoint's scope. A gate runs
 * first, before the session or token is even read.
 */
export function createRoute(app: FastifyInstance, deps: RouteDeps): Route {
  return (endpoint, handler, gate) => {
    const access = endpoint.access;
    const { authenticate, authorizeConnector } = deps;
    if (access.kind === 'connector' ? !authorizeConnector : !authenticate) {
      throw new Error(
        `No ${access.kind === 'connector' ? 'bearer' : 'session'} check for ${endpoint.name}`,
      );
    }
    app.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { 200: endpoint.response },
      },
      onRequest: async (req, reply) => {
        if (gate) await gate(req, reply);
        if (access.kind === 'connector') {
          if (!authorizeConnector) throw unauthenticated();
          req.connectorCaller = await authorizeConnector(req, reply, access);
          return;
        }
        if (!authenticate) throw unauthenticated();
        req.auth = await authenticate(req, { touch: endpoint.passive !== true });
        if (access.kind === 'public') return;
        if (req.auth.kind === 'expired') {
          throw new AppError('SESSION_EXPIRED', MESSAGES.loggedOutInactivity);
        }
        const user = signedInUser(req.auth);
        if (!user) throw unauthenticated();
        // Only the real person behind the session counts, never a user a switch acts as.
        if (access.kind === 'platformAdmin') {
          if (!platformAdminOf(req.auth)) throw forbidden();
        } else if (!hasPermissions(user.permissions, access.permissions)) throw forbidden();
      },
      // A form POST with no fields arrives without a body; validate it as an empty form.
      preValidation: (req, _reply, done) => {
        if (endpoint.body && req.body === undefined) req.body = {};
        done();
      },
      handler: async (req, reply) => {
        const auth = req.auth;
        const user = signedInUser(auth);
        // The access check refused anonymous callers already: a handler that needs a user has one.
        if (!user && (access.kind === 'private' || access.kind === 'platformAdmin')) {
          throw unauthenticated();
        }
        return handler({
          query: req.query,
          body: req.body,
          params: req.params,
          unit: req.unit,
          auth,
          user,
          connectorCaller: access.kind === 'connector' ? req.connectorCaller : null,
          req,
          reply,
        } as HandlerInput<typeof endpoint>);
      },
    });
  };
}
