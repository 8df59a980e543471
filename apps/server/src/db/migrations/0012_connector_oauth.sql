-- The app as the OAuth 2.0 authorization server of its Looker Studio connector (oidc-provider).

-- oidc-provider's artifacts (authorization codes, access and refresh tokens, grants, sessions,
-- interactions), one row per model and id, shared by every instance. The id of a bearer
-- artifact is the token itself, so rows are keyed by its SHA-256: a database dump holds no
-- usable token. Expired rows are purged by the maintenance job.
CREATE TABLE oauth_artifacts (
  model text NOT NULL,
  id_hash text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id_hash)
);
CREATE INDEX oauth_artifacts_grant_idx ON oauth_artifacts (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_artifacts_uid_idx ON oauth_artifacts (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_artifacts_expiry_idx ON oauth_artifacts (expires_at) WHERE expires_at IS NOT NULL;

-- A connector's access to one team's data, given by one member on the consent screen. The
-- token carries the grant; the data API checks this row (and the member) on every call, so a
-- revoked grant or a member who left is refused at once.
CREATE TABLE connector_grants (
  grant_id text PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX connector_grants_team_idx ON connector_grants (team_id, created_at);

-- The authorization server's own keys (token signing JWK, cookie keys): made once by the first
-- instance that starts, sealed with the token key ring, read by all.
CREATE TABLE connector_oauth_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  keys_enc text NOT NULL,
  key_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
