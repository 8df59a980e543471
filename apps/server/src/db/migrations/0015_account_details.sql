-- What reading an account's reports needs besides its id, as discovery found it: the manager
-- a Google Ads client is reached through (login-customer-id), the customer a Microsoft
-- Advertising account belongs to (CustomerId), the account's currency. Text values by name;
-- empty for accounts stored before discovery found any, and for connectors that need none.
ALTER TABLE data_source_accounts ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
