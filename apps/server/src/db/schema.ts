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

export interface RolesTable {
  id: Generated<string>;
  team_id: string;
  name: string;
  permissions: Json<PermissionMap>;
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
}

export interface OauthStatesTable {
  state_hash: string;
  purpose: 'login';
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
  audit_log: AuditLogTable;
  schema_migrations: MigrationsTable;
}

export type TeamRow = Selectable<TeamsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OauthStateRow = Selectable<OauthStatesTable>;
export type NewOauthState = Insertable<OauthStatesTable>;
