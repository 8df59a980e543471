-- Fixed-window request counts for rate limits: one row per bucket, client key and window,
-- in the database so every instance counts the same requests. The hourly job purges old
-- windows.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);

CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
