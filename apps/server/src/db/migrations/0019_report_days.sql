-- The day-grain result store: a report's rows for one day, kept per account, report shape
-- (its fields and filters) and day, so a later report over settled days reuses them instead
-- of asking the provider again. Only days past the connector's settle window are stored (the
-- provider no longer revises them); the background purge bounds the table by age and a
-- per-team cap.
CREATE TABLE report_days (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES data_source_accounts (id) ON DELETE CASCADE,
  -- SHA-256 of the fields and filters: rows of one shape share it
  shape_key text NOT NULL,
  -- the field ids of each stored row, in order (a JSON array)
  fields jsonb NOT NULL,
  -- the filters the rows were read with (a JSON array, empty for none)
  filters jsonb NOT NULL,
  day date NOT NULL,
  -- the day's rows, values in `fields` order (an empty array: the provider had none)
  rows jsonb NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, account_id, shape_key, day)
);
CREATE INDEX report_days_fetched_idx ON report_days (fetched_at);
CREATE INDEX report_days_team_idx ON report_days (team_id, fetched_at);

-- How many days of each job came from the store and how many from the provider.
ALTER TABLE data_jobs ADD COLUMN store_days integer NOT NULL DEFAULT 0;
ALTER TABLE data_jobs ADD COLUMN provider_days integer NOT NULL DEFAULT 0;
