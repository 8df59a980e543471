-- Each account's field list as its provider's metadata API last answered it (GA4's standard
-- and custom dimensions and metrics): a report's schema reads it here in one indexed read
-- instead of asking the provider. Refreshed once a day, and when a report names a field the
-- stored list does not hold (a custom field created since).
CREATE TABLE account_field_catalogues (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES data_source_accounts (id) ON DELETE CASCADE,
  -- the fields as the data API describes them (a JSON array)
  fields jsonb NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, account_id)
);
