-- When the provider's hosted page of a checkout stops taking payment. A plan waiting for a
-- checkout stops waiting once its page has expired, and until then Billing offers the way
-- back to it. Checkouts stored before this column have none: the reconciliation settles them.
ALTER TABLE billing_checkouts ADD COLUMN expires_at timestamptz;
