-- The outcome of an OAuth data-source connection, for the /data-sources/callback page. The
-- provider's callback records it and sends the browser there with only an opaque id; the page
-- asks the API, which answers it to the same browser session only, until expires_at. The
-- page therefore never trusts its own query for a success or a return address.
CREATE TABLE connection_results (
  -- sha-256 of the id in the page's address, like sessions and states: a dump holds no ids
  id_hash text PRIMARY KEY,
  session_hash text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('connected', 'denied', 'error')),
  connector_id integer,
  credential_name text,
  accounts_added integer NOT NULL DEFAULT 0,
  accounts_skipped integer NOT NULL DEFAULT 0,
  error text,
  -- the dashboard tool's return address stored when the connection started (oauth_states)
  return_uri text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX connection_results_expires_at_idx ON connection_results (expires_at);
