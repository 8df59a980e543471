-- The sandbox billing provider (demo mode): a stand-in for Chargebee's API inside the app.
-- Its state lives here, not in memory, because several instances may share one database and
-- every one of them must answer the same subscription, invoice and event. Amounts are integer
-- cents; times the API answers are epoch seconds, stored as bigint to keep them exact.

-- The demo API key and webhook credentials, generated once (one row) so all instances agree.
CREATE TABLE sandbox_billing_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  api_key text NOT NULL,
  webhook_username text NOT NULL,
  webhook_password text NOT NULL,
  invoice_counter bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_billing_customers (
  id text PRIMARY KEY,
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- A card is kept as brand and last four digits only, never the whole number.
CREATE TABLE sandbox_billing_payment_sources (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_billing_customers (id),
  brand text NOT NULL,
  last4 text NOT NULL,
  name_on_card text NOT NULL,
  expiry_month integer NOT NULL,
  expiry_year integer NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX sandbox_billing_payment_sources_customer_idx
  ON sandbox_billing_payment_sources (customer_id, created_at);

CREATE TABLE sandbox_billing_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_billing_customers (id),
  status text NOT NULL
    CHECK (status IN ('future', 'in_trial', 'active', 'non_renewing', 'paused', 'cancelled')),
  -- [{ item_price_id, quantity }], the plan first
  items jsonb NOT NULL,
  -- [{ coupon_id, apply_till, applied_count }]
  coupons jsonb NOT NULL DEFAULT '[]',
  billing_period_unit text NOT NULL CHECK (billing_period_unit IN ('month', 'year')),
  current_term_start bigint NOT NULL,
  current_term_end bigint NOT NULL,
  trial_end bigint,
  cancelled_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  resource_version bigint NOT NULL
);
CREATE INDEX sandbox_billing_subscriptions_term_end_idx
  ON sandbox_billing_subscriptions (current_term_end);

CREATE TABLE sandbox_billing_hosted_pages (
  id text PRIMARY KEY,
  type text NOT NULL
    CHECK (type IN ('checkout_new', 'checkout_existing', 'manage_payment_sources')),
  customer_id text NOT NULL,
  -- what the page was created with: items, coupons, email, redirect and cancel addresses
  request jsonb NOT NULL,
  state text NOT NULL
    CHECK (state IN ('created', 'requested', 'succeeded', 'cancelled', 'acknowledged')),
  -- the same-origin form's token: a post without it changes nothing
  form_token text NOT NULL,
  -- a card waiting for the confirmation step (brand, last4, expiry, name: never the number)
  pending_card jsonb,
  -- what paying produced (subscription, customer, invoice), answered with the page
  content jsonb,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- id is the invoice number: sequential per site (sandbox_billing_settings.invoice_counter).
CREATE TABLE sandbox_billing_invoices (
  id text PRIMARY KEY,
  number bigint NOT NULL UNIQUE,
  customer_id text NOT NULL,
  subscription_id text NOT NULL,
  status text NOT NULL,
  date bigint NOT NULL,
  sub_total bigint NOT NULL,
  total bigint NOT NULL,
  credits_applied bigint NOT NULL,
  amount_paid bigint NOT NULL,
  amount_due bigint NOT NULL,
  currency_code text NOT NULL,
  line_items jsonb NOT NULL,
  discounts jsonb NOT NULL,
  -- who and which brand the invoice is for, as printed on the PDF
  bill_to jsonb NOT NULL
);
CREATE INDEX sandbox_billing_invoices_customer_idx ON sandbox_billing_invoices (customer_id, date);

CREATE TABLE sandbox_billing_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  occurred_at bigint NOT NULL,
  source text NOT NULL,
  event_type text NOT NULL,
  content jsonb NOT NULL,
  webhook_status text NOT NULL DEFAULT 'scheduled'
);
CREATE INDEX sandbox_billing_events_occurred_idx ON sandbox_billing_events (occurred_at, seq);

-- A POST's answer by its chargebee-idempotency-key: the same key and request answer the
-- same again without a second change.
CREATE TABLE sandbox_billing_idempotency_keys (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  status integer NOT NULL,
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
