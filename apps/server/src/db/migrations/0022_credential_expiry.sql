-- When a credential will stop working unless someone reconnects it, forecast from what the
-- provider said at the last grant or refresh (its refresh token's remaining lifetime, or the
-- lifetime of a long-lived token that has no refresh token) or, where it said nothing, from the
-- lifetime the provider documents. `refresh_expires_source` says which: 'provider' or 'rule'.
-- Null when nothing is known: such a credential is not forecast to expire.
ALTER TABLE data_source_credentials
  ADD COLUMN refresh_expires_at timestamptz,
  ADD COLUMN refresh_expires_source text
    CHECK (refresh_expires_source IN ('provider', 'rule'));
-- The expiry warning loop reads, across all teams, the credentials entering their last days.
CREATE INDEX data_source_credentials_refresh_expires_idx
  ON data_source_credentials (refresh_expires_at) WHERE refresh_expires_at IS NOT NULL;

-- When the email digest told a happening to the team's members: each happening is told once.
ALTER TABLE credential_events ADD COLUMN digested_at timestamptz;
-- The digest loop reads, across all teams, the warnings not yet told.
CREATE INDEX credential_events_undigested_idx
  ON credential_events (occurred_at)
  WHERE digested_at IS NULL AND kind IN ('expiring_soon', 'expiring_today', 'failed', 'revoked');

-- A member can turn the credential warning digest off for themselves.
ALTER TABLE users ADD COLUMN credential_digest boolean NOT NULL DEFAULT true;
