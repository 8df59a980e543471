-- What providers say about their quota, per account per hour (UTC hours): each quota the
-- provider names (GA4's tokensPerHour, Meta's ads_insights) with what the hour's calls spent,
-- and the last reading of what is left. Jobs read it before calling the provider: an account
-- whose next call would exhaust a quota waits for it to refresh instead of failing.
CREATE TABLE provider_quota_hours (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES data_source_accounts (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  quota text NOT NULL,
  -- 'hour', 'day' or 'call': the window the provider counts the quota over
  quota_window text NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  -- units the hour's calls spent, where the provider says (null: it states shares only)
  spent bigint,
  -- the largest one call spent this hour: what the next call is expected to need
  largest_call bigint,
  -- the last reading: units left, or the share used (0-100)
  remaining bigint,
  used_pct real,
  -- when the provider said access returns (Meta's time to regain access, Retry-After)
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, account_id, hour, quota)
);
CREATE INDEX provider_quota_hours_hour_idx ON provider_quota_hours (hour);

-- Each logged request's share of the quota (the units its calls spent, where the provider
-- counts units) and what the provider said about its figures (sampled, thresholded).
ALTER TABLE data_requests ADD COLUMN quota_spent bigint;
ALTER TABLE data_requests ADD COLUMN notices jsonb;

-- A job's notices (answered with its rows), and why it waits when it waits for quota.
ALTER TABLE data_jobs ADD COLUMN notices jsonb;
ALTER TABLE data_jobs ADD COLUMN wait_reason text;
