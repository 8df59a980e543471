import type { Db } from '../../db/database.ts';
import type { DataRequestOutcome } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import { createDataRequestsRepository } from './data-requests.repository.ts';

/** One logged data request: who asked, for what, how it went. */
export interface DataRequestEntry {
  teamId: string;
  userId: string | null;
  connectorId: number;
  accountId: string | null;
  jobId: string | null;
  requestedAt: Date;
  rowCount: number;
  durationMs: number;
  outcome: DataRequestOutcome;
  failureReason: string | null;
}

/** Writes one entry of the team's data request log. */
export function recordDataRequest(db: Db, entry: DataRequestEntry): Promise<void> {
  return createDataRequestsRepository(db).insert(entry);
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
