import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AppliedCoupon } from './coupons.ts';

/** Kysely's view of the sandbox billing tables (migration 0011); the app's schema omits them. */

type Json<T> = ColumnType<T, string, string>;

export interface SubscriptionItem {
  item_price_id: string;
  quantity: number;
}

export interface CardOnFile {
  brand: string;
  last4: string;
  name_on_card: string;
  expiry_month: number;
  expiry_year: number;
}

/** What a hosted page was created with. */
export interface HostedPageRequest {
  subscription_id: string;
  email?: string;
  items?: SubscriptionItem[];
  /** undefined: keep the subscription's coupons. */
  coupon_ids?: string[];
  redirect_url?: string | undefined;
  cancel_url?: string | undefined;
}

export interface BillingLine {
  id: string;
  date_from: number;
  date_to: number;
  unit_amount: number;
  quantity: number;
  amount: number;
  pricing_model: 'flat_fee' | 'per_unit';
  is_taxed: false;
  description: string;
  entity_type: 'plan_item_price' | 'addon_item_price';
  entity_id: string;
  subscription_id: string;
  customer_id: string;
}

export interface BillingDiscount {
  amount: number;
  description: string;
  entity_type: 'document_level_coupon';
  discount_type: 'percentage' | 'fixed_amount';
  entity_id: string;
}

export interface BillTo {
  email: string;
  business_unit: string;
}

export interface SandboxBillingTables {
  sandbox_billing_settings: {
    id: number;
    invoice_counter: ColumnType<number, number | undefined, number>;
  };
  sandbox_billing_customers: {
    id: string;
    email: string;
    first_name: ColumnType<string, string | undefined, string>;
    last_name: ColumnType<string, string | undefined, string>;
    created_at: number;
    updated_at: number;
  };
  sandbox_billing_payment_sources: CardOnFile & {
    id: string;
    customer_id: string;
    created_at: number;
  };
  sandbox_billing_subscriptions: {
    id: string;
    customer_id: string;
    status: 'future' | 'in_trial' | 'active' | 'non_renewing' | 'paused' | 'cancelled';
    items: Json<SubscriptionItem[]>;
    coupons: Json<AppliedCoupon[]>;
    billing_period_unit: 'month' | 'year';
    current_term_start: number;
    current_term_end: number;
    trial_end: number | null;
    cancelled_at: number | null;
    created_at: number;
    updated_at: number;
    resource_version: number;
  };
  sandbox_billing_hosted_pages: {
    id: string;
    type: 'checkout_new' | 'checkout_existing' | 'manage_payment_sources';
    customer_id: string;
    request: Json<HostedPageRequest>;
    state: 'created' | 'requested' | 'succeeded' | 'cancelled' | 'acknowledged';
    form_token: string;
    pending_card: Json<CardOnFile | null>;
    content: Json<Record<string, unknown> | null>;
    created_at: number;
    expires_at: number;
    updated_at: number;
  };
  sandbox_billing_invoices: {
    id: string;
    number: number;
    customer_id: string;
    subscription_id: string;
    status: string;
    date: number;
    sub_total: number;
    total: number;
    credits_applied: number;
    amount_paid: number;
    amount_due: number;
    currency_code: string;
    line_items: Json<BillingLine[]>;
    discounts: Json<BillingDiscount[]>;
    bill_to: Json<BillTo>;
  };
  sandbox_billing_events: {
    seq: Generated<number>;
    id: string;
    occurred_at: number;
    source: string;
    event_type: string;
    content: Json<Record<string, unknown>>;
    webhook_status: ColumnType<string, string | undefined, string>;
  };
  sandbox_billing_idempotency_keys: {
    key: string;
    request_hash: string;
    status: number;
    answer: Json<unknown>;
    created_at: Date;
  };
}

export type SubscriptionRow = Selectable<SandboxBillingTables['sandbox_billing_subscriptions']>;
export type CustomerRow = Selectable<SandboxBillingTables['sandbox_billing_customers']>;
export type HostedPageRow = Selectable<SandboxBillingTables['sandbox_billing_hosted_pages']>;
export type InvoiceRow = Selectable<SandboxBillingTables['sandbox_billing_invoices']>;
export type PaymentSourceRow = Selectable<SandboxBillingTables['sandbox_billing_payment_sources']>;
