import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { createRateLimitsRepository } from './rate-limit.repository.ts';

const WINDOW_MS = 60 * 1000;

/** Runs before a route's own work (authentication included); throws to refuse the request. */
export type RequestGate = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A fixed-window limit per client IP (request.ip, which honours TRUST_PROXY), counted in the
 * database so every instance shares the count. Over the limit: 429 with
 * Retry-After (seconds to the end of the window). A counter that cannot be written fails the
 * request like any other database failure (503); it never lets the request through.
 */
export function rateLimit(
  deps: { db: Db; clock: Clock },
  options: { bucket: string; perMinute: number; message: string },
): RequestGate {
  const counters = createRateLimitsRepository(deps.db);
  return async (req, reply) => {
    const now = deps.clock().getTime();
    const windowStart = now - (now % WINDOW_MS);
    const hits = await counters.hit(options.bucket, req.ip, new Date(windowStart));
    if (hits <= options.perMinute) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    reply.header('retry-after', String(retryAfter));
    throw new AppError('RATE_LIMITED', options.message);
  };
}

/** Purges windows that ended before `now` (the hourly maintenance job). */
export function purgeRateLimits(deps: { db: Db; clock: Clock }): Promise<void> {
  return createRateLimitsRepository(deps.db).purge(new Date(deps.clock().getTime() - WINDOW_MS));
}
