-- Identical requests (same team and request key) arriving while a job for them is queued or
-- running wait for that job instead of starting another: at most one job per key is in
-- flight, decided by this index across every instance (an insert that would be a second one
-- does nothing, and the request joins the first). A failed or done job leaves it, so a new
-- request after a failure starts a new job.
--
-- Jobs already in flight twice for one key (from before this rule) keep running and answer
-- their own polls; all but the oldest get a key of their own so the index can be built.
UPDATE data_jobs d SET request_key = d.request_key || ':' || d.id::text
WHERE d.state IN ('queued', 'running')
  AND EXISTS (
    SELECT 1 FROM data_jobs o
    WHERE o.team_id = d.team_id AND o.request_key = d.request_key
      AND o.state IN ('queued', 'running')
      AND (o.created_at, o.id) < (d.created_at, d.id)
  );
CREATE UNIQUE INDEX data_jobs_in_flight_idx ON data_jobs (team_id, request_key)
  WHERE state IN ('queued', 'running');

-- How many calls to the provider's reporting API each logged request cost: 0 for one answered
-- from a stored result or from another request's job. Requests logged before this column
-- have none (their calls were not counted).
ALTER TABLE data_requests ADD COLUMN provider_calls integer;
