import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import { createDataRequestsRepository, type DataRequestEntry } from './data-requests.repository.ts';

/** Writes one entry of the team's data request log. */
export function recordDataRequest(db: Db, entry: DataRequestEntry): Promise<void> {
  return createDataRequestsRepository(db).insert(entry);
}

/**
 * Logs the end of a job that ran (its rows or its failure, and the provider calls it made),
 * and settles the entries of the identical requests that waited for it.
 */
export async function recordJobEnd(db: Db, entry: DataRequestEntry & { jobId: string }) {
  const log = createDataRequestsRepository(db);
  await log.insert(entry);
  await log.settleJoined(entry.teamId, entry.jobId, {
    rowCount: entry.rowCount,
    failureReason: entry.outcome === 'failed' ? entry.failureReason : null,
    now: new Date(entry.requestedAt.getTime() + entry.durationMs),
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes entries older than `retentionDays` in every team (the hourly purge), oldest first
 * in batches: requests go on being logged while a large backlog goes. Answers how many went.
 */
export function purgeDataRequests(
  deps: { db: Db; clock: Clock; retentionDays: number; batchSize?: number },
  signal?: AbortSignal,
): Promise<number> {
  const log = createDataRequestsRepository(deps.db);
  const before = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS);
  return deleteInBatches(
    (limit) => log.deleteBefore(before, limit),
    deps.batchSize ?? 5000,
    signal,
  );
}
