import type { Db } from '../../db/database.ts';
import type { DataRequestOutcome } from '../../db/schema.ts';
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
