-- Data-source logins (credentials) and their accounts, and connection states (issue:
-- connecting data sources).

-- Connection states reuse oauth_states with purpose 'connect': which connector, which login to
-- reconnect, where the dashboard tool wants the browser back, and who started it.
ALTER TABLE oauth_states ADD COLUMN connector_id integer;
ALTER TABLE oauth_states ADD COLUMN credential_id uuid;
ALTER TABLE oauth_states ADD COLUMN return_uri text;
ALTER TABLE oauth_states ADD COLUMN user_id uuid;
ALTER TABLE oauth_states ADD COLUMN team_id uuid;

-- One login of a connector. Tokens (or a form login's fields) are AES-256-GCM ciphertexts
-- under key_version; nothing here is usable without the key ring.
CREATE TABLE data_source_credentials (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  connector_id integer NOT NULL,
  external_user_id text NOT NULL,
  display_name text NOT NULL,
  access_token_enc text NOT NULL,
  refresh_token_enc text,
  key_version text NOT NULL,
  expires_at timestamptz,
  scopes text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'connected'
    CHECK (status IN ('connected', 'needs_reconnect', 'error')),
  status_reason text,
  last_refreshed_at timestamptz,
  -- back-off after a provider failure: no refresh before next_refresh_at
  next_refresh_at timestamptz,
  refresh_attempts integer NOT NULL DEFAULT 0,
  -- lease of the instance refreshing it (claimed with FOR UPDATE SKIP LOCKED)
  refresh_claimed_until timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- reconnecting the same provider login updates it in place
  UNIQUE (team_id, connector_id, external_user_id)
);
CREATE INDEX data_source_credentials_refresh_idx ON data_source_credentials (expires_at)
  WHERE refresh_token_enc IS NOT NULL AND status <> 'needs_reconnect';

-- An account (ad account, property, page, ...) of a login. Deleted ones stay restorable for
-- the retention period (DATA_SOURCE_RETENTION_DAYS, read at run time) and are then purged.
CREATE TABLE data_source_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  credential_id uuid NOT NULL REFERENCES data_source_credentials (id) ON DELETE CASCADE,
  connector_id integer NOT NULL,
  external_id text NOT NULL,
  name text NOT NULL,
  -- 'error': the login no longer lists it (the login's own health is on the credential)
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'error')),
  added_by uuid REFERENCES users (id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- one row per provider account and team: no duplicates across logins or reconnects
  UNIQUE (team_id, connector_id, external_id)
);
CREATE INDEX data_source_accounts_credential_idx ON data_source_accounts (credential_id);
CREATE INDEX data_source_accounts_deleted_idx ON data_source_accounts (deleted_at)
  WHERE deleted_at IS NOT NULL;
