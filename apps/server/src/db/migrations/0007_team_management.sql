-- Team management: built-in roles, when a member joined their team, invitations, the demo
-- outbox, sign-ins that carry an invitation, and rate-limit windows of any length.

-- Super Admin always holds every permission: the server computes it when reading, whatever
-- this map says, so a new permission reaches it without a data change; it cannot be edited
-- or deleted. Admin is built in but editable. Every other role is the team's own.
ALTER TABLE roles ADD COLUMN built_in text CHECK (built_in IN ('super_admin', 'admin'));
UPDATE roles SET built_in = 'super_admin' WHERE name = 'Super Admin';
UPDATE roles SET built_in = 'admin' WHERE name = 'Admin';
CREATE UNIQUE INDEX roles_team_built_in_key ON roles (team_id, built_in) WHERE built_in IS NOT NULL;

-- Role names are unique within a team whatever their case ("admin" next to "Admin" is refused).
ALTER TABLE roles DROP CONSTRAINT roles_team_id_name_key;
CREATE UNIQUE INDEX roles_team_lower_name_key ON roles (team_id, lower(name));

-- The permissions added since teams were first made reach their default roles as the defaults
-- give them; a value a team has already set is kept (the right-hand map wins).
UPDATE roles SET permissions = '{"view_stats": true, "view_activity": true}'::jsonb || permissions
WHERE built_in = 'admin';
UPDATE roles SET permissions = '{"view_stats": true, "view_activity": false}'::jsonb || permissions
WHERE built_in IS NULL AND name = 'Member';

-- When the user joined their current team (created_at is when they first signed in; a person
-- who accepts an invitation moves team). "Longest-standing" is by this time.
ALTER TABLE users ADD COLUMN joined_at timestamptz;
UPDATE users SET joined_at = created_at;
ALTER TABLE users ALTER COLUMN joined_at SET NOT NULL;
ALTER TABLE users ALTER COLUMN joined_at SET DEFAULT now();

-- An invitation to join a team with a role. Only the SHA-256 of its link's token is kept. It
-- is open until accepted or revoked, pending while open and unexpired (it then holds a seat).
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- a role with open invitations cannot be deleted; closed ones keep their row without it
  role_id uuid REFERENCES roles (id) ON DELETE SET NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);
-- One open invitation per person and team: inviting again renews it, never duplicates it.
CREATE UNIQUE INDEX invitations_open_email_key ON invitations (team_id, lower(email))
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Demo mode keeps every message the app sends here, shown at /sandbox/outbox, so flows that
-- send mail work without a mail server and on every instance alike.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_unit text NOT NULL,
  mail_from text NOT NULL,
  mail_to text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at);

-- A sign-in started from an invitation link carries its token, sealed under a key derived
-- from the sign-in's state (which is stored only as a hash): a dump of this table reveals no
-- invitation link.
ALTER TABLE oauth_states ADD COLUMN invitation_seal text;

-- Limits count over windows of different lengths (per minute, per hour); purging keeps a
-- window until it has ended.
ALTER TABLE rate_limits ADD COLUMN window_ms integer NOT NULL DEFAULT 60000;
