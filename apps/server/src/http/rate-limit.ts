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

/** A fixed-window limit: at most `limit` requests of a key in each window of `windowMs`. */
export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
  /** The refusal, written for the person whose request it was. */
  message: string;
}

/**
 * Counts one request against each limit (a limit with its key), in one statement, counted in
 * the database so every instance shares the count. Over any limit: 429 with Retry-After
 * (seconds to the end of that window) and the first exceeded limit's message. A counter that
 * cannot be written fails the request like any other database failure (503); it never lets the
 * request through.
 */
export async function countRequest(
  deps: { db: Db; clock: Clock },
  hits: ReadonlyArray<{ limit: RateLimit; key: string }>,
  reply: FastifyReply,
): Promise<void> {
  const now = deps.clock().getTime();
  const windows = hits.map(({ limit }) => now - (now % limit.windowMs));
  const counts = await createRateLimitsRepository(deps.db).hitAll(
    hits.map(({ limit, key }, i) => ({
      bucket: limit.bucket,
      key,
      windowStart: new Date(windows[i] ?? now),
      windowMs: limit.windowMs,
    })),
  );
  const over = hits.findIndex(({ limit }, i) => (counts[i] ?? 0) > limit.limit);
  const exceeded = hits[over]?.limit;
  if (!exceeded) return;
  const windowEnd = (windows[over] ?? now) + exceeded.windowMs;
  reply.header('retry-after', String(Math.max(1, Math.ceil((windowEnd - now) / 1000))));
  throw new AppError('RATE_LIMITED', exceeded.message);
}

/** One limit per key, as a function of the key (see countRequest). */
export function rateLimiter(deps: { db: Db; clock: Clock }, limit: RateLimit): RateLimiter {
  return (key, reply) => countRequest(deps, [{ limit, key }], reply);
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
