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
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** A notice about a report's figures as stored (the contract's DataNotice). */
export interface StoredNotice {
  kind: string;
  message: string;
}

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
  /** The subscription's status as the provider (or the trial) states it; billing writes it. */
  plan_status: Defaulted<TeamPlanStatus>;
  /** When the team's trial ends (a trial past it is expired); null once a plan is bought. */
  trial_ends_at: NullableTimestamp;
}

/** What teams.plan_status holds; "trial expired" is derived from trial_ends_at and the clock. */
export type TeamPlanStatus = 'in_trial' | 'active' | 'non_renewing' | 'cancelled';

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
  /** Whether the member receives the email digest of the team's credential warnings. */
  credential_digest: Defaulted<boolean>;
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
  /**
   * 'login': sign-in; 'connect': connecting a data source (connector_id and after are set);
   * 'client_link': a client connecting through a link (session_hash is the client's browser).
   */
  purpose: 'login' | 'connect' | 'client_link';
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
  /** A client connection: the link it came from and the email its credential is credited to. */
  client_link_id: Defaulted<string | null>;
  client_email: Defaulted<string | null>;
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

/** A client connect link; only the SHA-256 of its token is stored. */
export interface ClientLinksTable {
  id: Generated<string>;
  team_id: string;
  connector_id: number;
  token_hash: string;
  recipient_email: string | null;
  multi_use: boolean;
  uses: Defaulted<number>;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** A reconnect link's credential (its owner signs in again); null for a link that adds accounts. */
  credential_id: Defaulted<string | null>;
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
  /** Null for a client's connection through a link (then team_id names the team). */
  user_id: string | null;
  team_id: Defaulted<string | null>;
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

export type ExpiryForecastSource = 'provider' | 'rule';

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
  /** A client who connected it through a client link (created_by is then null). */
  connected_by_email: Defaulted<string | null>;
  client_link_id: Defaulted<string | null>;
  /** When it stops working unless reconnected (forecast); null when nothing is known. */
  refresh_expires_at: NullableTimestamp;
  /** Where the forecast comes from: what the provider said, or its documented rule. */
  refresh_expires_source: Defaulted<ExpiryForecastSource | null>;
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
  /** What reading its reports needs besides its id (login-customer-id, CustomerId, currency). */
  details: Json<Record<string, string>>;
}

export type CredentialEventKind =
  'expiring_soon' | 'expiring_today' | 'failed' | 'revoked' | 'reconnected';

/**
 * A happening in a credential's health that the team hears about outside Data Sources (the
 * digest, the webhook): `occurrence` names which one, so the same one is recorded once.
 */
export interface CredentialEventsTable {
  id: Generated<string>;
  team_id: string;
  credential_id: string;
  kind: CredentialEventKind;
  occurrence: string;
  details: Json<Record<string, unknown>>;
  occurred_at: Timestamp;
  /** When the email digest told it (warnings only; each is told once). */
  digested_at: NullableTimestamp;
}

/** A team's webhook for credential events; the signing secret is sealed like tokens. */
export interface TeamWebhooksTable {
  team_id: string;
  url: string;
  secret_enc: string;
  key_version: string;
  created_at: Timestamp;
  secret_rotated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event's delivery to a team's webhook: the body as signed, and its last attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  team_id: string;
  /** The credential event delivered; null for a test event. */
  event_id: string | null;
  kind: string;
  credential_name: string | null;
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  http_status: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Timestamp;
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

/** A team's copy of its subscription at the billing provider (ids there are the team id). */
export interface BillingSubscriptionsTable {
  team_id: string;
  status: string;
  plan_item_price_id: string;
  period: 'month' | 'year';
  extra_accounts: number;
  extra_users: number;
  addons: Json<string[]>;
  coupons: Json<string[]>;
  currency: string;
  current_term_start: NullableTimestamp;
  current_term_end: NullableTimestamp;
  next_billing_at: NullableTimestamp;
  trial_end: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  resource_version: number;
  customer_resource_version: Defaulted<number>;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry_month: number | null;
  card_expiry_year: number | null;
  updated_at: Timestamp;
}

export interface BillingWebhookStatesTable {
  team_id: string;
  webhook_status: 'pending' | 'confirmed';
  changed_at: Timestamp;
}

/** A provider event processed once (webhook or event list). */
export interface BillingEventsTable {
  event_id: string;
  event_type: string;
  occurred_at: Timestamp;
  team_id: string | null;
  processed_at: Timestamp;
}

/** How far the reconciliation has read the provider's event list (one row, id 1). */
export interface BillingEventCursorTable {
  id: number;
  last_occurred_at: Timestamp;
  claimed_until: NullableTimestamp;
}

export interface BillingCheckoutsTable {
  team_id: string;
  idempotency_key: string;
  selection: string;
  hosted_page_id: string;
  hosted_page_url: string;
  created_at: Timestamp;
  /** When the hosted page stops taking payment; null for checkouts stored before it was kept. */
  expires_at: NullableTimestamp;
}

export interface BillingFeedbackTable {
  team_id: string;
  user_id: string | null;
  rating: number;
  payload: string;
  created_at: Timestamp;
}

export interface ChurnFeedbackTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  reason: string;
  payload: string;
  created_at: Timestamp;
}

export interface OauthArtifactsTable {
  model: string;
  id_hash: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface ConnectorGrantsTable {
  grant_id: string;
  team_id: string;
  user_id: string;
  client_id: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface ConnectorOauthKeysTable {
  id: number;
  keys_enc: string;
  key_version: string;
  created_at: CreatedAt;
}

export type DataJobState = 'queued' | 'running' | 'done' | 'failed';

export interface DataJobsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  connector_id: number;
  account_id: string;
  request_key: string;
  request: Json<Record<string, unknown>>;
  state: Defaulted<DataJobState>;
  attempts: Defaulted<number>;
  run_after: Timestamp;
  lease_until: NullableTimestamp;
  failure_reason: Defaulted<string | null>;
  total_rows: Defaulted<number | null>;
  page_size: number;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  expires_at: Timestamp;
  /** Days of the report answered from the day-grain store. */
  store_days: Defaulted<number>;
  /** Days of the report the provider was asked for. */
  provider_days: Defaulted<number>;
  /** What the provider said about the figures (sampled, thresholded), as the poll answers it. */
  notices: NullableJson<StoredNotice[]>;
  /** Why a queued job waits: the provider's quota is (nearly) spent until run_after. */
  wait_reason: Defaulted<string | null>;
}

/** One day of one report shape's rows (the day-grain store). */
export interface ReportDaysTable {
  team_id: string;
  account_id: string;
  shape_key: string;
  fields: Json<string[]>;
  filters: Json<unknown[]>;
  /** YYYY-MM-DD (read back as text). */
  day: ColumnType<string, string, string>;
  rows: Json<unknown[][]>;
  /** What the provider said about the figures when they were read (null: nothing). */
  notices: NullableJson<StoredNotice[]>;
  fetched_at: Timestamp;
}

/** One account's field list from its provider's metadata API (the schema cache). */
export interface AccountFieldCataloguesTable {
  team_id: string;
  account_id: string;
  fields: Json<unknown[]>;
  fetched_at: Timestamp;
}

export interface DataJobPagesTable {
  job_id: string;
  team_id: string;
  page: number;
  rows: Json<unknown[][]>;
}

export type DataRequestOutcome = 'done' | 'cached' | 'failed' | 'refused';

export interface DataRequestsTable {
  id: Generated<number>;
  team_id: string;
  user_id: string | null;
  connector_id: number;
  account_id: string | null;
  job_id: string | null;
  requested_at: Timestamp;
  row_count: number;
  duration_ms: number;
  outcome: DataRequestOutcome;
  failure_reason: string | null;
  /** Calls made to the provider's reporting API for it: 0 for a stored or shared answer; null before they were counted. */
  provider_calls: number | null;
  /** Quota units the request's calls spent, where the provider counts units. */
  quota_spent: Defaulted<number | null>;
  /** What the provider said about the figures (sampled, thresholded). */
  notices: NullableJson<StoredNotice[]>;
}

/** One quota of one account in one hour, as the provider stated it. */
export interface ProviderQuotaHoursTable {
  team_id: string;
  account_id: string;
  hour: Timestamp;
  quota: string;
  quota_window: 'hour' | 'day' | 'call';
  calls: Defaulted<number>;
  spent: Defaulted<number | null>;
  largest_call: Defaulted<number | null>;
  remaining: Defaulted<number | null>;
  used_pct: Defaulted<number | null>;
  blocked_until: NullableTimestamp;
  updated_at: Timestamp;
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
  credential_events: CredentialEventsTable;
  team_webhooks: TeamWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  audit_log: AuditLogTable;
  team_usage_days: TeamUsageDaysTable;
  invitations: InvitationsTable;
  client_links: ClientLinksTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  server_key_rings: ServerKeyRingsTable;
  oauth_artifacts: OauthArtifactsTable;
  connector_grants: ConnectorGrantsTable;
  connector_oauth_keys: ConnectorOauthKeysTable;
  data_jobs: DataJobsTable;
  data_job_pages: DataJobPagesTable;
  report_days: ReportDaysTable;
  account_field_catalogues: AccountFieldCataloguesTable;
  data_requests: DataRequestsTable;
  provider_quota_hours: ProviderQuotaHoursTable;
  schema_migrations: MigrationsTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_webhook_states: BillingWebhookStatesTable;
  billing_events: BillingEventsTable;
  billing_event_cursor: BillingEventCursorTable;
  billing_checkouts: BillingCheckoutsTable;
  billing_feedback: BillingFeedbackTable;
  churn_feedback: ChurnFeedbackTable;
}

export type TeamRow = Selectable<TeamsTable>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type NewBillingSubscription = Insertable<BillingSubscriptionsTable>;
export type SessionRow = Selectable<SessionsTable>;

/**
 * A user with their role and team, as a request's session reads them: joined by primary keys
 * in the same statement as the session, so a signed-in request costs one query.
 */
export interface SessionUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  image: string;
  team_id: string;
  role_id: string;
  role_name: string;
  built_in: BuiltInRole | null;
  permissions: unknown;
  team: TeamRow;
}
export type OauthStateRow = Selectable<OauthStatesTable>;
export type NewOauthState = Insertable<OauthStatesTable>;
export type ConnectionResultRow = Selectable<ConnectionResultsTable>;
export type NewConnectionResult = Insertable<ConnectionResultsTable>;
export type CredentialRow = Selectable<DataSourceCredentialsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type DataJobRow = Selectable<DataJobsTable>;
