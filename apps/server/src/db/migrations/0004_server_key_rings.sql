-- Which token keys each running server holds (key rotation while servers run). A server
-- records its key versions when it starts listening and again every 30 seconds, and deletes
-- its row when it shuts down. rotate-keys refuses to re-encrypt under a key that a live server
-- started from TOKEN_ENCRYPTION_KEYS lacks, and a refresher leaves a login sealed under a key it
-- lacks to a server that holds it. A row whose heartbeat is older than 90 seconds belongs to a
-- server that died without saying so, and no longer counts.
CREATE TABLE server_key_rings (
  id uuid PRIMARY KEY,
  -- host and process id: how rotate-keys names the server to the operator
  label text NOT NULL,
  key_source text NOT NULL CHECK (key_source IN ('env', 'file')),
  key_versions jsonb NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);

-- Set while a login's tokens are sealed under a key that the servers which tried to refresh it
-- do not hold. The login is not revoked, only waiting: a server holding that key retries it.
ALTER TABLE data_source_credentials ADD COLUMN key_missing_since timestamptz;

-- Earlier versions marked such logins "needs reconnect" for good. Retry them: a login whose key
-- is known again recovers; one that is still unreadable is marked again.
UPDATE data_source_credentials
SET status = 'error',
  status_reason = regexp_replace(
    status_reason,
    '^The stored access to (.*) could not be read on our side\. Reconnect to resume\.$',
    'The stored access to \1 is waiting for maintenance on our side. It resumes by itself; you do not need to reconnect.'
  ),
  key_missing_since = now(),
  next_refresh_at = NULL
WHERE status = 'needs_reconnect'
  AND refresh_token_enc IS NOT NULL
  AND status_reason ~ '^The stored access to .* could not be read on our side\. Reconnect to resume\.$';
