import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { BusinessUnit, PermissionMap } from '@gds/contract';

/** Kysely's view of the tables in migrations/. Timestamps read as Date on both drivers. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface TeamsTable {
  id: Generated<string>;
  business_unit: BusinessUnit;
  name: string;
  plan_id: string;
  user_limit: number;
  account_limit: number;
  addons: Json<string[]>;
  referral_partner_key: string | null;
  created_at: CreatedAt;
}

/** A role built into every team: Super Admin (every permission, fixed) and Admin (editable). */
export type BuiltInRole = 'super_admin' | 'admin';

export interface RolesTable {
  id: Generated<string>;
  team_id: string;
  name: string;
  permissions: Json<PermissionMap>;
  built_in: Defaulted<BuiltInRole | null>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  business_unit: BusinessUnit;
  email: string;
  first_name: Defaulted<string>;
  last_name: Defaulted<string>;
  name: Defaulted<string>;
  image: Defaulted<string>;
  team_id: string;
  role_id: string;
  created_at: CreatedAt;
  /** When the user joined their current team (accepting an invitation moves them). */
  joined_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_login_at: NullableTimestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string | null;
  business_unit: BusinessUnit;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  /** Set while a platform admin acts as user_id (admin user switch); null otherwise. */
  acting_admin_id: Defaulted<string | null>;
  /** When the switch, and with it this session, ends; set exactly when acting_admin_id is. */
  switch_expires_at: NullableTimestamp;
}

export interface OauthStatesTable {
  state_hash: string;
  /** 'login': sign-in; 'connect': connecting a data source (connector_id and after are set). */
  purpose: 'login' | 'connect';
  session_hash: string;
  business_unit: BusinessUnit;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  next_url: string | null;
  partner_key: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  connector_id: Defaulted<number | null>;
  credential_id: Defaulted<string | null>;
  return_uri: Defaulted<string | null>;
  user_id: Defaulted<string | null>;
  team_id: Defaulted<string | null>;
  /** A sign-in from an invitation link: its token, sealed under the state (never in clear). */
  invitation_seal: Defaulted<string | null>;
}

/** An invitation to a team; only the SHA-256 of its link's token is stored. */
export interface InvitationsTable {
  id: Generated<string>;
  team_id: string;
  email: string;
  role_id: string | null;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** Demo mode's copy of every message sent (shown at /sandbox/outbox). */
export interface MailOutboxTable {
  id: Generated<number>;
  business_unit: BusinessUnit;
  mail_from: string;
  mail_to: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

/** How an OAuth connection ended, readable by the browser session that finished it. */
export interface ConnectionResultsTable {
  id_hash: string;
  session_hash: string;
  user_id: string;
  status: 'connected' | 'denied' | 'error';
  connector_id: number | null;
  credential_name: string | null;
  accounts_added: Defaulted<number>;
  accounts_skipped: Defaulted<number>;
  error: string | null;
  return_uri: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export type CredentialStatus = 'connected' | 'needs_reconnect' | 'error';

export interface DataSourceCredentialsTable {
  id: string;
  team_id: string;
  connector_id: number;
  external_user_id: string;
  display_name: string;
  access_token_enc: string;
  refresh_token_enc: string | null;
  key_version: string;
  expires_at: NullableTimestamp;
  scopes: Defaulted<string>;
  status: Defaulted<CredentialStatus>;
  status_reason: Defaulted<string | null>;
  last_refreshed_at: NullableTimestamp;
  next_refresh_at: NullableTimestamp;
  refresh_attempts: Defaulted<number>;
  refresh_claimed_until: NullableTimestamp;
  /** Set while its tokens wait for a key the servers that tried lack (not revoked). */
  key_missing_since: NullableTimestamp;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DataSourceAccountsTable {
  id: Generated<string>;
  team_id: string;
  credential_id: string;
  connector_id: number;
  external_id: string;
  name: string;
  status: Defaulted<'connected' | 'error'>;
  added_by: string | null;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: NullableTimestamp;
  deleted_by: Defaulted<string | null>;
}

/** A team's usage and limits at the end of a day (UTC), for the Stats screen's history. */
export interface TeamUsageDaysTable {
  team_id: string;
  /** YYYY-MM-DD (read back as text: a date has no time zone to shift it). */
  day: ColumnType<string, string, string>;
  accounts_used: number;
  account_limit: number;
  users_used: number;
  user_limit: number;
  recorded_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  team_id: string;
  actor_user_id: string | null;
  acting_admin_id: string | null;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  window_start: Timestamp;
  hits: number;
  window_ms: Defaulted<number>;
}

/** One running server's token key versions, kept current by its heartbeat. */
export interface ServerKeyRingsTable {
  id: string;
  label: string;
  key_source: 'env' | 'file';
  key_versions: Json<string[]>;
  started_at: CreatedAt;
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface Database {
  teams: TeamsTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  oauth_states: OauthStatesTable;
  connection_results: ConnectionResultsTable;
  data_source_credentials: DataSourceCredentialsTable;
  data_source_accounts: DataSourceAccountsTable;
  audit_log: AuditLogTable;
  team_usage_days: TeamUsageDaysTable;
  invitations: InvitationsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  server_key_rings: ServerKeyRingsTable;
  schema_migrations: MigrationsTable;
}

export type TeamRow = Selectable<TeamsTable>;
export type UserRow = Selectable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OauthStateRow = Selectable<OauthStatesTable>;
export type NewOauthState = Insertable<OauthStatesTable>;
export type ConnectionResultRow = Selectable<ConnectionResultsTable>;
export type NewConnectionResult = Insertable<ConnectionResultsTable>;
export type CredentialRow = Selectable<DataSourceCredentialsTable>;
export type AccountRow = Selectable<DataSourceAccountsTable>;
