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

/** A day of a team's data requests for one connector (the Stats screen's series). */
export interface DailyDataRequests {
  /** YYYY-MM-DD, UTC. */
  day: string;
  connectorId: number;
  requests: number;
  failed: number;
  cached: number;
  rows: number;
  avgDurationMs: number;
}

/** The team's data requests per UTC day and connector, `from` included, `to` excluded. */
export async function dailyDataRequests(
  db: Db,
  teamId: string,
  range: { from: Date; to: Date },
): Promise<DailyDataRequests[]> {
  const rows = await createDataRequestsRepository(db).daily(teamId, range.from, range.to);
  return rows.map((r) => ({
    day: r.day,
    connectorId: r.connector_id,
    requests: r.requests,
    failed: r.failed,
    cached: r.cached,
    rows: r.rows,
    avgDurationMs: r.avg_duration_ms,
  }));
}
