import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_DOCUMENTS,
  BUSINESS_UNIT_HEADER,
  DATA_API_PREFIX,
  isBusinessUnit,
  resolveBusinessUnit,
} from '@gds/contract';
import type { Config } from '../config/config.ts';
import { AppError } from '../lib/errors.ts';
import { isApiPath, isCanonicalTarget } from './canonical-path.ts';
import { QUERY_ERROR } from './form-body.ts';
import { BAD_ADDRESS } from './framework-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes a provider's server calls (webhooks): they authenticate it themselves. */
    fromProvider?: boolean;
  }
}

const UNIT_HEADER = BUSINESS_UNIT_HEADER.toLowerCase();
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes under /api that describe the API: a browser opens them without the unit header. */
const DOCUMENT_PATHS = new Set<string>(Object.values(API_DOCUMENTS).map((d) => d.path));

/**
 * Whether the route the router matched for this request was declared under /api: decided on
 * the route's own path, never on how the request spelled it. Unmatched requests are not.
 */
export function isApiRoute(req: FastifyRequest): boolean {
  return !req.is404 && isApiPath(req.routeOptions.url ?? '');
}

/**
 * Whether the matched route is the data API's (decided on the route's own path). Its callers
 * are a connector's servers, not the browser app: no unit header and no Origin to check, and no
 * cookie either (it takes a bearer token, so a cross-site request carries nothing it accepts).
 */
export function isDataApiRoute(req: FastifyRequest): boolean {
  return !req.is404 && (req.routeOptions.url ?? '').startsWith(`${DATA_API_PREFIX}/`);
}

/** The unit of the request's host: what the page the browser shows is skinned as. */
export function hostUnit(req: FastifyRequest, config: Pick<Config, 'skinHosts'>) {
  return resolveBusinessUnit(req.host, config.skinHosts);
}

/**
 * Checks every request before any route's own work starts. Its address must be written the
 * canonical way (anything else is refused, whatever route it would reach), and an HTTP/1.1
 * request must name its host. Requests served by an API route then need a valid unit header
 * that matches the host's unit and, for state-changing methods, an allowed Origin. With cookie
 * sessions and form bodies this is the CSRF defence: a cross-site form cannot set the header,
 * and a cross-site fetch that sets it needs a CORS preflight we never grant.
 */
export function registerApiGuards(app: FastifyInstance, config: Config): void {
  const allowedOrigins = new Set(config.appOrigins);

  const check = (req: FastifyRequest): void => {
    req.unit = hostUnit(req, config);
    req.auth = { kind: 'anonymous' };
    if (!isCanonicalTarget(req.url)) {
      throw new AppError('BAD_REQUEST', BAD_ADDRESS);
    }
    // Node refuses these itself unless told not to (app.ts), with a bare answer; ours has a body.
    if (req.raw.httpVersion === '1.1' && req.headers.host === undefined) {
      throw new AppError('BAD_REQUEST', 'The request must name the site in its Host header.');
    }
    if (!isApiRoute(req) || DOCUMENT_PATHS.has(req.routeOptions.url ?? '')) return;
    // A provider's server calling back (the billing webhook) is no browser: it carries neither
    // a unit header nor an Origin, and the route checks its own credentials.
    if (req.routeOptions.config.fromProvider === true) return;

    const queryError = (req.query as Record<symbol, unknown> | undefined)?.[QUERY_ERROR];
    if (typeof queryError === 'string') throw new AppError('VALIDATION_FAILED', queryError);
    if (isDataApiRoute(req)) return;

    const header = req.headers[UNIT_HEADER];
    if (!isBusinessUnit(header)) {
      throw new AppError(
        'BUSINESS_UNIT_INVALID',
        `Every API request must carry the ${BUSINESS_UNIT_HEADER} header with a business unit.`,
      );
    }
    if (header !== req.unit) {
      throw new AppError('BUSINESS_UNIT_MISMATCH', 'The business unit does not match this site.');
    }

    if (STATE_CHANGING.has(req.method)) {
      const origin = req.headers.origin;
      const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite || (origin !== undefined && !allowedOrigins.has(origin))) {
        throw new AppError('ORIGIN_NOT_ALLOWED', 'This request did not come from the app.');
      }
    }
  };

  app.addHook('onRequest', (req, _reply, done) => {
    try {
      check(req);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
