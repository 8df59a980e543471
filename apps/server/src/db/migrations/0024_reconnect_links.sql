-- A reconnect link: a client link that re-authorizes one credential the team has (its owner
-- signs in at the provider again) instead of connecting new accounts. The credential keeps its
-- id and its accounts theirs, so every report on them keeps working. A link whose credential is
-- deleted goes with it: it could only ever have reconnected that one.
ALTER TABLE client_links
  ADD COLUMN credential_id uuid REFERENCES data_source_credentials (id) ON DELETE CASCADE;
