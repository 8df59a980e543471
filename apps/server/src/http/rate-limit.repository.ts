import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared-statements.ts';

/** One hit to count: a bucket (which limit), a key (an IP, a grant, a team) and its window. */
export interface Hit {
  bucket: string;
  key: string;
  windowStart: Date;
  windowMs: number;
}

/*
 * Hits counted in their windows, answering each window's hits: every rate-limited request, once
 * for all the limits it is under (a data API call counts on its grant and its team in the same
 * statement, one round trip). One fixed text for any number of hits, kept prepared. Rows are
 * locked in the order the hits come (callers sort them), so two requests sharing rows cannot
 * each wait for the other.
 */
const HIT_ALL = preparedStatement(
  'rate_limit_hit_all',
  `
INSERT INTO rate_limits (bucket, key, window_start, hits, window_ms)
SELECT h.bucket, h.key, h.window_start, 1, h.window_ms
FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::integer[])
  WITH ORDINALITY AS h(bucket, key, window_start, window_ms, n)
ORDER BY h.n
ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
RETURNING bucket, key, hits`,
);

/** SQL for the shared rate-limit counters: one row per bucket, client key and window. */
export function createRateLimitsRepository(db: Db) {
  return {
    /**
     * Counts one hit of each in its window and answers each window's hits so far (in the
     * order given), in one statement. Two hits of the same bucket and key are refused.
     */
    async hitAll(hits: readonly Hit[]): Promise<number[]> {
      // One order for every caller (bucket, then key): rows are locked in it.
      const sorted = [...hits].sort((a, b) =>
        a.bucket === b.bucket ? (a.key < b.key ? -1 : 1) : a.bucket < b.bucket ? -1 : 1,
      );
      const { rows } = await db.executeQuery<{ bucket: string; key: string; hits: number }>(
        CompiledQuery.raw(HIT_ALL, [
          sorted.map((h) => h.bucket),
          sorted.map((h) => h.key),
          sorted.map((h) => h.windowStart.toISOString()),
          sorted.map((h) => h.windowMs),
        ]),
      );
      return hits.map((h) => {
        const row = rows.find((r) => r.bucket === h.bucket && r.key === h.key);
        if (!row) throw new Error(`The rate-limit count answered no row for ${h.bucket}.`);
        return Number(row.hits);
      });
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
