import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DATA_SOURCES_CALLBACK_PATH, connectorCallbackPath } from '@gds/contract';
import type { ConnectionResult } from '@gds/contract';
import { AppError } from '../../lib/errors.ts';
import type { Authenticate, RequestAuth } from '../../http/request-context.ts';
import type { ConnectionDeps } from './connection-deps.ts';
import { completeOAuthConnection, failure } from './connection-oauth.ts';
import type { CallbackQuery } from './connection-oauth.ts';
import { recordConnectionResult } from './connection-results.service.ts';

const callbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  })
  .loose();

/**
 * Finishes a callback whose state belongs to a browser without a session (a client connecting
 * through a client link): answers the page to send the browser to, or null when the request
 * carries no such state (the signed-in flow then handles it). Implemented by a later module.
 */
export type ClientCallback = (
  req: FastifyRequest,
  nameSimple: string,
  query: CallbackQuery,
) => Promise<string | null>;

/**
 * GET /oauth/:nameSimple/callback: where each OAuth provider sends the browser back (each
 * provider has its own redirect URI). A top-level navigation from the provider, so it lives outside
 * /api and needs no unit header, like the sign-in callback (docs/adr/0008). It always ends in
 * a 303 to the SPA's /data-sources/callback, never on an error page. The outcome is recorded
 * for this browser session and the address carries only its opaque id, so the page shows what
 * the server confirms and nothing a link could make up.
 */
export function registerOAuthCallback(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; connect: ConnectionDeps; client?: ClientCallback },
): void {
  app.get(connectorCallbackPath(':nameSimple'), async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // The code and state must not leak to the next page through the Referer header.
    reply.header('referrer-policy', 'no-referrer');
    let location: string;
    try {
      const { nameSimple } = req.params as { nameSimple: string };
      const parsed = callbackQuery.safeParse(req.query);
      const query = parsed.success ? parsed.data : {};
      location =
        (await deps.client?.(req, nameSimple, query)) ??
        (await finish(req, deps, nameSimple, query));
    } catch (error) {
      // Even our own failure (database down) ends on the SPA page, which then has no result.
      req.log.error({ err: error }, 'recording a data-source connection result failed');
      location = DATA_SOURCES_CALLBACK_PATH;
    }
    return reply.redirect(location, 303);
  });
}

/** Finishes the connection for the caller's session and answers the page that shows it. */
async function finish(
  req: FastifyRequest,
  deps: { authenticate: Authenticate; connect: ConnectionDeps },
  nameSimple: string,
  query: CallbackQuery,
): Promise<string> {
  const auth = await callerOf(req, deps.authenticate);
  const user = auth.kind === 'session' ? auth.user : null;
  // Without a signed-in session no state can match and there is no one to tell the outcome
  // to: the page then says there is nothing to show, and its link leads through sign-in.
  if (auth.kind !== 'session' || !user) return DATA_SOURCES_CALLBACK_PATH;
  const sessionToken = auth.token;
  const result = await complete(req.log, () =>
    completeOAuthConnection(deps.connect, {
      nameSimple,
      query,
      user,
      sessionToken,
      log: req.log,
    }),
  );
  return recordConnectionResult(deps.connect, { sessionToken, userId: user.id }, result);
}

/** Our own failure while connecting is an outcome too: the user reads it and tries again. */
async function complete(
  log: FastifyBaseLogger,
  run: () => Promise<ConnectionResult>,
): Promise<ConnectionResult> {
  try {
    return await run();
  } catch (error) {
    log.error({ err: error }, 'finishing a data-source connection failed');
    return failure('Something went wrong on our side. Please try again.');
  }
}

/** The caller's session; one of another unit's team counts as none (its state cannot match). */
async function callerOf(req: FastifyRequest, authenticate: Authenticate): Promise<RequestAuth> {
  try {
    return await authenticate(req);
  } catch (error) {
    if (error instanceof AppError) return { kind: 'anonymous' };
    throw error;
  }
}
