-- What the provider said about a stored day's figures when they were read (sampled, thresholded,
-- rows lumped into "(other)"): a report later answered from the store carries the same notices,
-- so figures read from a sample never come back looking exact. NULL: the provider said nothing.
ALTER TABLE report_days ADD COLUMN notices jsonb;
