import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import type { StoredNotice } from '../../db/schema.ts';
import { isUuid } from '../../db/uuid.ts';

/** The account a job request names, as the data API's rules read it. */
export interface RequestedAccount {
  id: string;
  connector_id: number;
  external_id: string;
  name: string;
  deleted_at: Date | null;
  details: Record<string, string>;
}

/** A done job of an identical request, with what its first page's answer needs. */
export interface FreshJob {
  id: string;
  totalRows: number;
  pageSize: number;
  /** Field ids in the order of each row's values (the job's own request). */
  fields: string[];
  notices: StoredNotice[] | null;
  /** Page 1's rows as stored JSON text (null only if the page was purged meanwhile). */
  firstPage: string | null;
}

/** What one statement found for a job request, and whether it logged a cached answer. */
export interface CachedLookup {
  account: RequestedAccount;
  /** The newest done job of an identical request still fresh, if any. */
  fresh: FreshJob | null;
  /** The log row written for the cached answer (only with a fresh job on a live account). */
  loggedId: string | null;
  /** When the account's stored field list was read from its provider; null when none is. */
  fieldsFetchedAt: Date | null;
}

/*
 * The account, the fresh job and the log row of a cached answer in one statement: a cached job
 * is the data path's hottest request, and each statement costs a round trip (on PGlite, CPU in
 * the server's own process). The data-modifying WITH runs whether or not the SELECT reads it,
 * and inserts only for a live account of a connector with reports and a fresh job; the SELECT
 * sees the rows as they were before, so a deleted account is still read (and refused) here.
 * The stored field list's read time comes along, so a list the process already holds is not
 * read and parsed again (a GA4 property's list is hundreds of fields). The fresh job's first
 * page comes along too: the answer carries it, so a chart answered from a stored result is
 * one call.
 * Nothing is remembered between requests: a deleted account is refused on the very next call.
 * A stored answer takes no report time and no provider call, so both are logged as 0. One fixed text, kept
 * prepared on each PostgreSQL connection (its planning cost more than running it).
 */
const FIND_AND_LOG = preparedStatement(
  'data_api_cached_answer',
  `
WITH account AS (
  SELECT id, connector_id, external_id, name, deleted_at, details
  FROM data_source_accounts
  WHERE team_id = $1::uuid AND id = $2::uuid
),
fresh AS (
  SELECT id, total_rows, page_size, request -> 'fields' AS fields, notices
  FROM data_jobs
  WHERE team_id = $1::uuid AND request_key = $3 AND state = 'done'
    AND finished_at >= $4::timestamptz AND expires_at > $5::timestamptz
  ORDER BY finished_at DESC
  LIMIT 1
),
logged AS (
  INSERT INTO data_requests (team_id, user_id, connector_id, account_id, job_id, requested_at,
    row_count, duration_ms, outcome, failure_reason, provider_calls)
  SELECT $1::uuid, $6::uuid, a.connector_id, a.id, f.id, $5::timestamptz,
    coalesce(f.total_rows, 0), 0, 'cached', NULL, 0
  FROM account a CROSS JOIN fresh f
  WHERE a.deleted_at IS NULL AND a.connector_id = ANY($7::integer[])
  RETURNING id
)
SELECT a.id, a.connector_id, a.external_id, a.name, a.deleted_at, a.details,
  f.id AS fresh_id, f.total_rows AS fresh_total_rows, f.page_size AS fresh_page_size,
  f.fields AS fresh_fields, f.notices AS fresh_notices,
  (SELECT p.rows::text FROM data_job_pages p
   WHERE p.team_id = $1::uuid AND p.job_id = f.id AND p.page = 1) AS fresh_first_page,
  (SELECT id FROM logged) AS logged_id,
  (SELECT c.fetched_at FROM account_field_catalogues c
   WHERE c.team_id = $1::uuid AND c.account_id = a.id) AS fields_fetched_at
FROM account a
LEFT JOIN fresh f ON true`,
);

type Row = Record<string, unknown>;

/** SQL of answering a job request from a stored result. Every statement names the team. */
export function createCachedAnswersRepository(db: Db) {
  return {
    /**
     * The team's account `accountId` (deleted ones too, for their refusal) and the fresh done
     * job of `requestKey`; logs a cached answer by `userId` when there is one to give. Answers
     * undefined for an account the team does not have.
     */
    async findAndLog(query: {
      teamId: string;
      userId: string;
      accountId: string;
      requestKey: string;
      since: Date;
      now: Date;
      /** Connectors that have reports: a cached answer is logged only for these. */
      reportConnectorIds: readonly number[];
    }): Promise<CachedLookup | undefined> {
      if (!isUuid(query.accountId)) return undefined;
      const { rows } = await db.executeQuery<Row>(
        CompiledQuery.raw(FIND_AND_LOG, [
          query.teamId,
          query.accountId,
          query.requestKey,
          query.since,
          query.now,
          query.userId,
          [...query.reportConnectorIds],
        ]),
      );
      const row = rows[0];
      if (!row) return undefined;
      const freshId = row.fresh_id as string | null;
      const loggedId = row.logged_id as string | number | bigint | null;
      return {
        account: {
          id: row.id as string,
          connector_id: row.connector_id as number,
          external_id: row.external_id as string,
          name: row.name as string,
          deleted_at: row.deleted_at as Date | null,
          details: row.details as Record<string, string>,
        },
        fresh: freshId
          ? {
              id: freshId,
              totalRows: Number(row.fresh_total_rows ?? 0),
              pageSize: Number(row.fresh_page_size),
              fields: (row.fresh_fields as string[] | null) ?? [],
              notices: (row.fresh_notices as StoredNotice[] | null) ?? null,
              firstPage: (row.fresh_first_page as string | null) ?? null,
            }
          : null,
        loggedId: loggedId === null ? null : String(loggedId),
        fieldsFetchedAt: (row.fields_fetched_at as Date | null) ?? null,
      };
    },
  };
}
