-- Stats: each team's usage and limits at the end of each day (UTC), kept after the accounts
-- and members they count are gone (deleted accounts are purged, removed members deleted), so
-- a year of history stays readable. Written hourly for every team; the latest write of a day
-- is that day's value.
CREATE TABLE team_usage_days (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  day date NOT NULL,
  accounts_used integer NOT NULL,
  account_limit integer NOT NULL,
  users_used integer NOT NULL,
  user_limit integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, day)
);
