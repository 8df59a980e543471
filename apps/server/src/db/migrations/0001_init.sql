-- Teams, roles, users, sessions, sign-in state and the audit log (issue: server, database, sign-in).

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_unit text NOT NULL CHECK (business_unit IN ('MEGALYTIC_GDS', 'RAVEN_GDS', 'TAPCLICKS_GDS')),
  name text NOT NULL,
  plan_id text NOT NULL,
  user_limit integer NOT NULL,
  account_limit integer NOT NULL,
  -- add-on module ids the plan includes (connector add-ons gate connectors)
  addons jsonb NOT NULL DEFAULT '[]'::jsonb,
  referral_partner_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  name text NOT NULL,
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, name)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_unit text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES roles (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
-- One account per person and business unit; the same email may exist in each unit.
CREATE UNIQUE INDEX users_unit_email_key ON users (business_unit, lower(email));
CREATE INDEX users_team_id_idx ON users (team_id);

-- id_hash is SHA-256 of the cookie value: a database dump holds no usable session id.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  business_unit text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  purpose text NOT NULL,
  session_hash text NOT NULL,
  business_unit text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  next_url text,
  partner_key text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- no foreign keys: the history outlives the rows it talks about
  team_id uuid NOT NULL,
  actor_user_id uuid,
  acting_admin_id uuid,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_team_id_idx ON audit_log (team_id, created_at);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
