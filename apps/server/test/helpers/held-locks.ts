import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * Forces the interleaving a race test needs instead of hoping for it (PostgreSQL): `hold`
 * runs in a transaction on `holder` (a second pool, as another instance would be), `race`
 * starts while that transaction is open, and the transaction commits once `waiters` statements
 * of the database wait on a lock, or `race` has settled without waiting. Answers `race`'s
 * result.
 */
export async function whileHeld<T>(
  holder: Db,
  hold: (tx: Db) => Promise<unknown>,
  race: () => Promise<T>,
  waiters: number,
): Promise<T> {
  let settled = false;
  let pending: Promise<T> | undefined;
  await holder.transaction().execute(async (tx) => {
    await hold(tx);
    pending = race();
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    const deadline = Date.now() + 10_000;
    while (!settled && Date.now() < deadline) {
      const { rows } = await sql<{ waiting: number }>`
        SELECT count(*)::integer AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(holder);
      if ((rows[0]?.waiting ?? 0) >= waiters) break;
      await sleep(20);
    }
  });
  if (!pending) throw new Error('the race never started');
  return pending;
}
