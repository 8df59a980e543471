-- Admin user switch: a switched session acts as its user_id while remembering the platform
-- admin behind it, and only until switch_expires_at (then the session has ended). Both are
-- set together or not at all. Deleting either person ends the session.
ALTER TABLE sessions ADD COLUMN acting_admin_id uuid REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE sessions ADD COLUMN switch_expires_at timestamptz;
ALTER TABLE sessions ADD CONSTRAINT sessions_switch_complete
  CHECK ((acting_admin_id IS NULL) = (switch_expires_at IS NULL));

-- "What did this admin do while switched" reads the log by admin.
CREATE INDEX audit_log_acting_admin_id_idx ON audit_log (acting_admin_id, created_at)
  WHERE acting_admin_id IS NOT NULL;
