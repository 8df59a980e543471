import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { createRateLimitsRepository } from './rate-limit.repository.ts';

const MINUTE_MS = 60 * 1000;

/** Runs before a route's own work (authentication included); throws to refuse the request. */
export type RequestGate = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Counts one request of `key` (an IP, a team id); throws RATE_LIMITED past the limit. */
export type RateLimiter = (key: string, reply: FastifyReply) => Promise<void>;

/**
 * A fixed-window limit per key, counted in the database so every instance shares the count.
 * Over the limit: 429 with Retry-After (seconds to the end of the window). A counter that
 * cannot be written fails the request like any other database failure (503); it never lets the
 * request through.
 */
export function rateLimiter(
  deps: { db: Db; clock: Clock },
  options: { bucket: string; limit: number; windowMs: number; message: string },
): RateLimiter {
  const counters = createRateLimitsRepository(deps.db);
  const { windowMs } = options;
  return async (key, reply) => {
    const now = deps.clock().getTime();
    const windowStart = now - (now % windowMs);
    const hits = await counters.hit(options.bucket, key, new Date(windowStart), windowMs);
    if (hits <= options.limit) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    reply.header('retry-after', String(retryAfter));
    throw new AppError('RATE_LIMITED', options.message);
  };
}

/** A per-minute limit per client IP (request.ip, which honours TRUST_PROXY), as a route gate. */
export function rateLimit(
  deps: { db: Db; clock: Clock },
  options: { bucket: string; perMinute: number; message: string },
): RequestGate {
  const limit = rateLimiter(deps, {
    bucket: options.bucket,
    limit: options.perMinute,
    windowMs: MINUTE_MS,
    message: options.message,
  });
  return (req, reply) => limit(req.ip, reply);
}

/** Purges windows that ended before `now` (the hourly maintenance job). */
export function purgeRateLimits(deps: { db: Db; clock: Clock }): Promise<void> {
  return createRateLimitsRepository(deps.db).purgeEnded(deps.clock());
}
