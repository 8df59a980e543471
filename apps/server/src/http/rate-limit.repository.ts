import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { runNamed } from '../db/prepared-statements.ts';

/** SQL for the shared rate-limit counters: one row per bucket, client key and window. */
export function createRateLimitsRepository(db: Db) {
  return {
    /** Counts one hit in the window and answers the window's hits so far, in one statement. */
    async hit(bucket: string, key: string, windowStart: Date, windowMs: number): Promise<number> {
      // Every rate-limited request counts here: planned once per connection.
      const query = db
        .insertInto('rate_limits')
        .values({ bucket, key, window_start: windowStart, hits: 1, window_ms: windowMs })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'key', 'window_start'])
            .doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
        )
        .returning('hits')
        .compile();
      const row = (await runNamed(db, 'rate_limit_hit', query))[0];
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
