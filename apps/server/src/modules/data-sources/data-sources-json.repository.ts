import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';
import { isUuid } from '../../db/uuid.ts';

/**
 * The Data Sources screen's answers written as JSON by PostgreSQL, key for key and character
 * for character what the contract's compiled writer would write (the test app checks every
 * one). A team's screen can hold thousands of accounts: parsing each row into objects in Node,
 * converting its timestamps and writing it out again cost more than the query, so the text is
 * made where the rows are and passed through untouched. Every statement names the team (tables
 * and columns quoted as Kysely quotes them, so the team-scoped statements test reads these too).
 */
export function createDataSourcesJsonRepository(db: Db) {
  return {
    /** The team's credentials with their accounts, in screen order (see GROUPED). */
    groupedCredentials(teamId: string, retentionDays: number) {
      return GROUPED(db, { teamId, retentionDays });
    },

    /** One of the team's accounts as the contract's JSON; undefined when it is not the team's. */
    async account(teamId: string, accountId: string, retentionDays: number) {
      if (!isUuid(accountId)) return undefined;
      return (await ACCOUNT(db, { teamId, accountId, retentionDays }))[0]?.json;
    },
  };
}

/**
 * One account as the screen shows it: the answer of every delete and restore. Planned once
 * per connection, as the whole screen's statement is: its plan costs more than its run.
 */
const ACCOUNT = namedStatement(
  'data_sources_account',
  (db: Db, v: { teamId: string; accountId: string; retentionDays: number }) =>
    sql<{ json: string }>`
    WITH ${people(v.teamId)}, ${credentials(v.teamId)}
    SELECT ${accountJson(v.retentionDays)} AS json
    ${accountsFrom(v.teamId)} AND a."id" = ${v.accountId}
  `.compile(db),
);

/**
 * The team's credentials in screen order (by connector, then name), each as the contract's JSON
 * with its accounts (deleted ones too, by name), and how many of them are not deleted. Planned
 * once per connection: planning this statement costs more than running it.
 */
const GROUPED = namedStatement(
  'data_sources_grouped',
  (db: Db, v: { teamId: string; retentionDays: number }) =>
    // Accounts are sorted once, then strung together per credential in that order: a sorted
    // subquery is planned on its own and read in order. `string_agg(… ORDER BY …)` would sort
    // each credential's accounts again, which on PGlite costs four times the whole statement.
    sql<{ connector_id: number; active: number; json: string }>`
    WITH ${people(v.teamId)}, ${credentials(v.teamId)},
    credential_accounts AS (
      SELECT credential_id, string_agg(json, ',') AS json,
        count(*) FILTER (WHERE active)::integer AS active
      FROM (
        SELECT a.credential_id, a.deleted_at IS NULL AS active,
          ${accountJson(v.retentionDays)} AS json
        ${accountsFrom(v.teamId)}
        ORDER BY a.credential_id, a.name, a.id
      ) sorted
      GROUP BY credential_id
    )
    SELECT c.connector_id, coalesce(ca.active, 0) AS active,
      '{"id":"' || c.id || '","name":' || to_json(c.display_name)
      || ',"status":"' || c.status || '","statusReason":' || ${orNull(sql`to_json(c.status_reason)::text`)}
      || ',"addedBy":' || ${orNull(sql`creator.json`)}
      || ',"connectedByEmail":' || ${orNull(sql`to_json(c.connected_by_email)::text`)}
      || ',"addedAt":' || ${isoTime(sql`c.created_at`)}
      || ',"lastRefreshedAt":' || c.refreshed
      || ',"expiresAt":' || ${orNull(isoTime(sql`c.refresh_expires_at`))}
      || ',"expirySource":' || ${orNull(sql`to_json(c.refresh_expires_source)::text`)}
      || ',"accounts":[' || coalesce(ca.json, '') || ']}' AS json
    FROM credentials c
    LEFT JOIN credential_accounts ca ON ca.credential_id = c.id
    LEFT JOIN people creator ON creator.id = c.created_by
    ORDER BY c.connector_id, c.display_name, c.id
  `.compile(db),
);

/**
 * JavaScript's String.prototype.trim whitespace (ECMAScript WhiteSpace and LineTerminator),
 * for btrim: a name is shown trimmed exactly as team's displayName trims it.
 */
const JS_WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * The team's users as the contract's person JSON, named as displayName names them (the name,
 * trimmed, else first and last name). Someone who left the team is in no row, so shows as null.
 */
const people = (teamId: string) => sql`people AS (
  SELECT u.id, '{"id":"' || u.id || '","name":' || to_json(
    coalesce(
      nullif(btrim(u.name, ${JS_WHITESPACE}), ''),
      concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, ''))
    )
  ) || ',"email":' || to_json(u.email) || '}' AS json
  FROM users u WHERE u.team_id = ${teamId}
)`;

/** The team's credentials, with when they last refreshed written once for all their accounts. */
const credentials = (teamId: string) => sql`credentials AS (
  SELECT c.id, c.connector_id, c.display_name, c.status, c.status_reason, c.created_by,
    c.connected_by_email, c.created_at, c.refresh_expires_at, c.refresh_expires_source,
    ${orNull(isoTime(sql`c.last_refreshed_at`))} AS refreshed
  FROM "data_source_credentials" c
  WHERE c."team_id" = ${teamId}
)`;

/** The team's accounts with their credential and the people who added and deleted them. */
const accountsFrom = (teamId: string) => sql`
  FROM "data_source_accounts" a
  JOIN credentials c ON c.id = a.credential_id
  LEFT JOIN people added ON added.id = a.added_by
  LEFT JOIN people deleter ON deleter.id = a.deleted_by
  WHERE a."team_id" = ${teamId}`;

/**
 * An account as the screen shows it: deleted, else its credential's trouble (needs reconnect,
 * error), else its own status; purgeAt follows the retention configured now. Statuses are
 * checked words, ids uuids: neither needs escaping. Most accounts are not deleted, and their
 * branch writes the deleted fields as constants.
 */
const accountJson = (retentionDays: number) => sql`
  '{"id":"' || a.id || '","externalId":' || to_json(a.external_id) || ',"name":' || to_json(a.name)
  || CASE WHEN a.deleted_at IS NULL THEN
       ',"status":"' || CASE WHEN c.status <> 'connected' THEN c.status ELSE a.status END
       || '","addedBy":' || ${orNull(sql`added.json`)}
       || ',"addedAt":' || ${isoTime(sql`a.added_at`)}
       || ',"lastRefreshedAt":' || c.refreshed
       || ',"deletedAt":null,"deletedBy":null,"purgeAt":null' || ${zoneAndCurrency} || '}'
     ELSE
       ',"status":"deleted","addedBy":' || ${orNull(sql`added.json`)}
       || ',"addedAt":' || ${isoTime(sql`a.added_at`)}
       || ',"lastRefreshedAt":' || c.refreshed
       || ',"deletedAt":' || ${isoTime(sql`a.deleted_at`)}
       || ',"deletedBy":' || ${orNull(sql`deleter.json`)}
       || ',"purgeAt":' || ${isoTime(sql`a.deleted_at`, retentionDays)}
       || ${zoneAndCurrency} || '}'
     END`;

/**
 * The time zone and currency discovery stored from the provider, as JSON strings (to_json
 * escapes them) or null where the provider states none.
 */
const zoneAndCurrency = sql`',"timeZone":' || coalesce(to_json(a.details->>'timeZone')::text, 'null')
  || ',"currency":' || coalesce(to_json(a.details->>'currency')::text, 'null')`;

/**
 * A timestamp as JSON, as Date.toISOString writes it (UTC, milliseconds, cut not rounded),
 * `days` whole days of 24 hours later; NULL stays NULL.
 */
function isoTime(column: RawBuilder<unknown>, days = 0): RawBuilder<string> {
  const utc = sql`(${column} AT TIME ZONE 'UTC')`;
  const at = days === 0 ? utc : sql`${utc} + make_interval(days => ${days})`;
  return sql`'"' || to_char(${at}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
}

const orNull = (json: RawBuilder<unknown>) => sql`coalesce(${json}, 'null')`;
