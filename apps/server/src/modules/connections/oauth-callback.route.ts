import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { connectorCallbackPath } from '@gds/contract';
import type { ConnectionResult } from '@gds/contract';
import { AppError } from '../../errors.ts';
import { authenticate } from '../../http/route.ts';
import type { RouteDeps } from '../../http/route.ts';
import type { RequestAuth } from '../../http/request-context.ts';
import type { ConnectDeps } from './connect-deps.ts';
import { callbackLocation, completeOAuthConnection } from './connect-oauth.ts';

const callbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  })
  .loose();

/**
 * GET /oauth/:nameSimple/callback: where each OAuth provider sends the browser back (its own
 * redirect URI, RELIABILITY 17). A top-level navigation from the provider, so it lives outside
 * /api and needs no unit header, like the sign-in callback (docs/adr/0008). It always ends in
 * a 303 to the SPA's /data-sources/callback with the outcome; it never answers an error page.
 */
export function registerOAuthCallback(
  app: FastifyInstance,
  deps: { route: RouteDeps; connect: ConnectDeps },
): void {
  app.get(connectorCallbackPath(':nameSimple'), async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // The code and state must not leak to the next page through the Referer header.
    reply.header('referrer-policy', 'no-referrer');
    const { nameSimple } = req.params as { nameSimple: string };
    const parsed = callbackQuery.safeParse(req.query);
    let result: ConnectionResult;
    try {
      result = await completeOAuthConnection(deps.connect, {
        nameSimple,
        query: parsed.success ? parsed.data : {},
        auth: await callerOf(req, deps.route),
        log: req.log,
      });
    } catch (error) {
      // Even our own failure (database down) ends on the SPA page, never on a bare error.
      req.log.error({ err: error }, 'finishing a data-source connection failed');
      result = { status: 'error', error: 'Something went wrong on our side. Please try again.' };
    }
    return reply.redirect(callbackLocation(result), 303);
  });
}

/** The caller's session; one of another unit's team counts as none (its state cannot match). */
async function callerOf(req: FastifyRequest, route: RouteDeps): Promise<RequestAuth> {
  try {
    return await authenticate(req, route);
  } catch (error) {
    if (error instanceof AppError) return { kind: 'anonymous' };
    throw error;
  }
}
