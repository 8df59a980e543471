-- The hourly purge deletes data requests older than DATA_REQUEST_RETENTION_DAYS across all
-- teams, oldest first in small batches: this index finds them without reading the whole log
-- (the team index cannot, its first column being the team).
CREATE INDEX data_requests_requested_idx ON data_requests (requested_at);

-- The sandbox billing provider derives its API key and webhook credentials from the sandbox
-- key; these columns were never read. Only the invoice counter is kept.
ALTER TABLE sandbox_billing_settings
  DROP COLUMN api_key,
  DROP COLUMN webhook_username,
  DROP COLUMN webhook_password;
