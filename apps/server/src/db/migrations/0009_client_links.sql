-- Client connect links: a member sends a client a link that lets them connect their own
-- accounts of one OAuth connector into the team without an account in the app.

-- Only the SHA-256 of the link's token is kept: a dump of this table holds no usable link.
-- A link is active while unrevoked, unexpired and (single-use) not yet used; `uses` counts the
-- connections completed through it.
CREATE TABLE client_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  connector_id integer NOT NULL,
  token_hash text NOT NULL UNIQUE,
  recipient_email text,
  multi_use boolean NOT NULL,
  uses integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX client_links_team_created_idx ON client_links (team_id, created_at);

-- A credential a client connected through a link has no app user behind it (created_by is
-- null): it is credited to the email the client gave, and remembers the link.
ALTER TABLE data_source_credentials ADD COLUMN connected_by_email text;
ALTER TABLE data_source_credentials
  ADD COLUMN client_link_id uuid REFERENCES client_links (id) ON DELETE SET NULL;

-- A connection started from a client link is bound to the client's browser (a cookie of its
-- own, stored as session_hash) and carries the link and the email to credit.
ALTER TABLE oauth_states ADD COLUMN client_link_id uuid;
ALTER TABLE oauth_states ADD COLUMN client_email text;

-- The client's result page: a result without a user belongs to the browser that made it and
-- names the team it connected into.
ALTER TABLE connection_results ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE connection_results ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE CASCADE;
