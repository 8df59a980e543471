-- Billing: each team's copy of its subscription at the billing provider (Chargebee, or the
-- sandbox speaking its API), the webhook events already processed, checkouts started per
-- idempotency key, and the feedback a team leaves when it buys or cancels.

-- The plan every limit check reads lives on the team row; billing writes it together with the
-- subscription copy. A team starts in trial; plan_status is the provider's status (or the
-- trial's), and "trial expired" is derived from trial_ends_at and the clock when read.
ALTER TABLE teams ADD COLUMN plan_status text NOT NULL DEFAULT 'in_trial'
  CHECK (plan_status IN ('in_trial', 'active', 'non_renewing', 'cancelled'));
ALTER TABLE teams ADD COLUMN trial_ends_at timestamptz;
-- Teams made before billing get the default trial from when billing arrived, not from their
-- creation: nobody's trial is over the moment this lands.
UPDATE teams SET trial_ends_at = now() + interval '14 days';

-- One row per team that has (had) a subscription at the provider. Ids there are the team id.
CREATE TABLE billing_subscriptions (
  team_id uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  status text NOT NULL,
  plan_item_price_id text NOT NULL,
  period text NOT NULL CHECK (period IN ('month', 'year')),
  -- quantities above what the plan includes, as the provider bills them
  extra_accounts integer NOT NULL DEFAULT 0,
  extra_users integer NOT NULL DEFAULT 0,
  -- connector add-ons (their ids without brand prefix or period suffix)
  addons jsonb NOT NULL DEFAULT '[]'::jsonb,
  coupons jsonb NOT NULL DEFAULT '[]'::jsonb,
  currency text NOT NULL DEFAULT 'USD',
  current_term_start timestamptz,
  current_term_end timestamptz,
  next_billing_at timestamptz,
  trial_end timestamptz,
  cancelled_at timestamptz,
  -- the provider's version of the subscription stored here: only a newer one replaces it
  resource_version bigint NOT NULL,
  -- the provider's version of the customer the card summary came from
  customer_resource_version bigint NOT NULL DEFAULT 0,
  card_brand text,
  card_last4 text,
  card_expiry_month integer,
  card_expiry_year integer,
  updated_at timestamptz NOT NULL
);

-- Whether the team's last checkout is confirmed by the provider yet, kept even before the
-- first subscription exists (the checkout that creates it is pending too).
CREATE TABLE billing_webhook_states (
  team_id uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  webhook_status text NOT NULL CHECK (webhook_status IN ('pending', 'confirmed')),
  changed_at timestamptz NOT NULL
);

-- Each provider event is processed once, whether it came as a webhook or from the event list.
CREATE TABLE billing_events (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- null for an event about no team of this app
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  processed_at timestamptz NOT NULL
);
CREATE INDEX billing_events_occurred_at_idx ON billing_events (occurred_at);

-- How far the reconciliation has read the provider's event list (one row), and who reads it.
CREATE TABLE billing_event_cursor (
  id integer PRIMARY KEY CHECK (id = 1),
  last_occurred_at timestamptz NOT NULL,
  claimed_until timestamptz
);

-- A checkout started with an idempotency key: the same key answers the same hosted page.
CREATE TABLE billing_checkouts (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  -- what was chosen, so a key reused for another choice is refused rather than misread
  selection text NOT NULL,
  hosted_page_id text NOT NULL,
  hosted_page_url text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, idempotency_key)
);

-- The thank-you screen's rating, once per team.
CREATE TABLE billing_feedback (
  team_id uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  payload text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Why a team cancels (any number of entries: a team may cancel, resume and cancel again).
CREATE TABLE churn_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL,
  payload text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX churn_feedback_team_idx ON churn_feedback (team_id, created_at);
