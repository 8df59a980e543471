import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { Permission } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Anyone: no session needed. */
export interface PublicAccess {
  kind: 'public';
}
/** A signed-in member of the team holding every listed permission ([] = any member). */
export interface PrivateAccess {
  kind: 'private';
  permissions: readonly Permission[];
}
/** Only a platform admin (PLATFORM_ADMIN_EMAILS) signed in as themselves, not acting as anyone. */
export interface PlatformAdminAccess {
  kind: 'platformAdmin';
}
/**
 * A connector's servers, never a browser: a bearer token from a connector grant holding the
 * scope, in the Authorization header. No session, no unit header; JSON bodies.
 */
export interface ConnectorAccess {
  kind: 'connector';
  scope: string;
}

/**
 * Who may call an endpoint. Routes are private unless declared public; a private route names
 * the permissions it needs ([] = any signed-in member of the team).
 */
export type Access = PublicAccess | PrivateAccess | PlatformAdminAccess | ConnectorAccess;

/** Access that needs a signed-in user behind a session: the handler always has one. */
export type SessionAccess = PrivateAccess | PlatformAdminAccess;

export const publicAccess: PublicAccess = { kind: 'public' };
export const platformAdminAccess: PlatformAdminAccess = { kind: 'platformAdmin' };
export const privateAccess = (...permissions: Permission[]): PrivateAccess => ({
  kind: 'private',
  permissions,
});
export const connectorAccess = (scope: string): ConnectorAccess => ({ kind: 'connector', scope });

/**
 * One endpoint, declared once: the server serves it with these schemas and the web client
 * types its calls from them. Bodies are form-encoded, so body fields are strings.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  name: string;
  method: HttpMethod;
  /** Fastify-style path, e.g. /api/dataSources/deleteAccount/:accountId */
  path: string;
  access: A;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Error codes this endpoint may answer besides the common ones. */
  errors: readonly ErrorCode[];
  /**
   * Calling it is not user activity: the session's idle timer is not extended (timed checks
   * the app makes by itself, which must not keep an unattended session alive).
   */
  passive?: boolean;
}

export function defineEndpoint<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
  A extends Access,
>(
  endpoint: Endpoint<Params, Query, Body, Response, A>,
): Endpoint<Params, Query, Body, Response, A> {
  return endpoint;
}

/**
 * An endpoint without its schemas: what a browser needs to call it. Its type still names the
 * endpoint, so calls and answers stay typed by the contract while the schemas (and zod) stay
 * out of the JavaScript the web app loads first (ENDPOINT_ROUTES).
 */
export interface EndpointRoute<E extends Endpoint = Endpoint> {
  name: string;
  method: HttpMethod;
  path: string;
  /** Type only, never set: the endpoint this route calls. */
  readonly endpoint?: E;
}

/** The endpoint a route calls, or the endpoint itself. */
type EndpointIn<E> = E extends Endpoint
  ? E
  : E extends EndpointRoute<infer Called>
    ? Called
    : never;

export type ParamsOf<E> =
  EndpointIn<E> extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> =
  EndpointIn<E> extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> =
  EndpointIn<E> extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> =
  EndpointIn<E> extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
