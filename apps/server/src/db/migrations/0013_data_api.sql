-- The data API behind the Looker Studio connector: report jobs, their stored results, and the
-- per-team request log the Stats screen reads.

-- One report request. Claimed by one instance at a time (FOR UPDATE SKIP LOCKED and a lease
-- that lapses if that instance dies); retried with back-off after a rate limit or an outage.
CREATE TABLE data_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  connector_id integer NOT NULL,
  account_id uuid NOT NULL REFERENCES data_source_accounts (id) ON DELETE CASCADE,
  -- SHA-256 of the request's account, fields, range and filters: identical requests share it
  request_key text NOT NULL,
  request jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL,
  lease_until timestamptz,
  failure_reason text,
  total_rows integer,
  page_size integer NOT NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- the stored result (and the job) is purged after this
  expires_at timestamptz NOT NULL
);
CREATE INDEX data_jobs_claim_idx ON data_jobs (run_after) WHERE state IN ('queued', 'running');
CREATE INDEX data_jobs_fresh_idx ON data_jobs (team_id, request_key, finished_at)
  WHERE state = 'done';
CREATE INDEX data_jobs_expiry_idx ON data_jobs (expires_at);

-- A done job's rows, one JSON array of rows per page.
CREATE TABLE data_job_pages (
  job_id uuid NOT NULL REFERENCES data_jobs (id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  page integer NOT NULL,
  rows jsonb NOT NULL,
  PRIMARY KEY (job_id, page)
);

-- Every data request, per team: who asked, for what, how it went.
CREATE TABLE data_requests (
  id bigserial PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  connector_id integer NOT NULL,
  -- no foreign key: the log outlives a purged account
  account_id uuid,
  job_id uuid,
  requested_at timestamptz NOT NULL,
  row_count integer NOT NULL DEFAULT 0,
  duration_ms integer NOT NULL DEFAULT 0,
  outcome text NOT NULL CHECK (outcome IN ('done', 'cached', 'failed', 'refused')),
  failure_reason text
);
CREATE INDEX data_requests_team_idx ON data_requests (team_id, requested_at);
