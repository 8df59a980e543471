-- A team's webhook: the HTTPS address the team's credential events are posted to, signed with a
-- secret we generate. The secret is sealed like tokens (key version beside it, bound to the
-- team's row), so a database dump holds none of it in clear. One webhook per team.
CREATE TABLE team_webhooks (
  team_id uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  url text NOT NULL,
  secret_enc text NOT NULL,
  key_version text NOT NULL,
  created_at timestamptz NOT NULL,
  secret_rotated_at timestamptz NOT NULL
);

-- One delivery of one event to a team's webhook, with its retries: the body is kept as sent
-- (every attempt signs the same bytes), and the last attempt's outcome is what the delivery
-- log shows. Claimed with a lease, so one instance sends it at a time. A credential event is
-- delivered once (event_id unique); a test event has none.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  event_id uuid UNIQUE,
  kind text NOT NULL,
  credential_name text,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_until timestamptz,
  last_attempt_at timestamptz,
  http_status integer,
  duration_ms integer,
  error text,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status = 'pending';
CREATE INDEX webhook_deliveries_team_idx ON webhook_deliveries (team_id, created_at);

-- Demo mode's webhook receiver (/sandbox/webhook-inbox): what arrived, as it arrived, so the
-- page can show it and check its signature with the secret the team was shown.
CREATE TABLE sandbox_webhook_inbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  path text NOT NULL,
  headers jsonb NOT NULL,
  body text NOT NULL,
  answered integer NOT NULL,
  received_at timestamptz NOT NULL
);
