import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { namedStatement } from '../db/prepared-statements.ts';

/** One hit counted in its window, answering the window's hits: every rate-limited request. */
const HIT = namedStatement(
  'rate_limit_hit',
  (db: Db, v: { bucket: string; key: string; windowStart: Date; windowMs: number }) =>
    db
      .insertInto('rate_limits')
      .values({
        bucket: v.bucket,
        key: v.key,
        window_start: v.windowStart,
        hits: 1,
        window_ms: v.windowMs,
      })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'key', 'window_start'])
          .doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .compile(),
);

/** SQL for the shared rate-limit counters: one row per bucket, client key and window. */
export function createRateLimitsRepository(db: Db) {
  return {
    /** Counts one hit in the window and answers the window's hits so far, in one statement. */
    async hit(bucket: string, key: string, windowStart: Date, windowMs: number): Promise<number> {
      const row = (await HIT(db, { bucket, key, windowStart, windowMs }))[0];
      if (!row) throw new Error('The rate-limit count answered no row.');
      return row.hits;
    },

    /** Deletes the windows that ended before `now`, each by its own length. */
    async purgeEnded(now: Date): Promise<void> {
      await db
        .deleteFrom('rate_limits')
        .where(sql<boolean>`window_start + window_ms * interval '1 millisecond' < ${now}`)
        .execute();
    },
  };
}
