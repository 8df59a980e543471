-- What happened to a credential's health that someone outside the Data Sources screen must
-- hear about: it is about to expire, its refresh failed, the provider revoked it, or it was
-- reconnected. One row per happening: `occurrence` names which one (the expiry date warned
-- about, the last good refresh before a failure, the moment of a reconnect), so recording the
-- same happening twice (two instances, a retried loop) keeps one row, and every consumer (the
-- email digest, the team webhook) tells each happening once.
CREATE TABLE credential_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  credential_id uuid NOT NULL REFERENCES data_source_credentials (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('expiring_soon', 'expiring_today', 'failed', 'revoked', 'reconnected')),
  occurrence text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at timestamptz NOT NULL,
  UNIQUE (credential_id, kind, occurrence)
);
CREATE INDEX credential_events_team_idx ON credential_events (team_id, occurred_at);
