import type {
  CustomerRow,
  HostedPageRow,
  InvoiceRow,
  PaymentSourceRow,
  SubscriptionRow,
} from './billing-tables.ts';
import { findItemPrice } from './catalogue.ts';

/** Rows as Chargebee's API answers them (field names from the official client's types). */

export function subscriptionResource(row: SubscriptionRow) {
  return {
    id: row.id,
    customer_id: row.customer_id,
    status: row.status,
    billing_period: 1,
    billing_period_unit: row.billing_period_unit,
    current_term_start: row.current_term_start,
    current_term_end: row.current_term_end,
    ...(row.status === 'active' ? { next_billing_at: row.current_term_end } : {}),
    ...(row.trial_end !== null ? { trial_end: row.trial_end } : {}),
    ...(row.cancelled_at !== null ? { cancelled_at: row.cancelled_at } : {}),
    started_at: row.created_at,
    activated_at: row.created_at,
    subscription_items: row.items.map((item) => {
      const price = findItemPrice(item.item_price_id);
      const unitPrice = price?.price ?? 0;
      return {
        item_price_id: item.item_price_id,
        item_type: price?.item_type ?? 'addon',
        quantity: item.quantity,
        unit_price: unitPrice,
        amount: unitPrice * item.quantity,
        object: 'subscription_item',
      };
    }),
    coupons: row.coupons.map((coupon) => ({
      coupon_id: coupon.coupon_id,
      ...(coupon.apply_till !== null ? { apply_till: coupon.apply_till } : {}),
      applied_count: coupon.applied_count,
      object: 'coupon',
    })),
    currency_code: 'USD',
    deleted: false,
    resource_version: row.resource_version,
    updated_at: row.updated_at,
    created_at: row.created_at,
    object: 'subscription',
  };
}

export function customerResource(row: CustomerRow, card: PaymentSourceRow | undefined) {
  return {
    id: row.id,
    email: row.email,
    ...(row.first_name ? { first_name: row.first_name } : {}),
    ...(row.last_name ? { last_name: row.last_name } : {}),
    auto_collection: 'on',
    allow_direct_debit: false,
    deleted: false,
    card_status: card ? 'valid' : 'no_card',
    ...(card ? { primary_payment_source_id: card.id } : {}),
    preferred_currency_code: 'USD',
    created_at: row.created_at,
    updated_at: row.updated_at,
    resource_version: row.updated_at * 1000,
    object: 'customer',
  };
}

const cardOf = (row: PaymentSourceRow) => ({
  brand: row.brand,
  last4: row.last4,
  first_name: row.name_on_card,
  expiry_month: row.expiry_month,
  expiry_year: row.expiry_year,
  masked_number: `************${row.last4}`,
  funding_type: 'credit',
  object: 'card',
});

/** The customer's card as Chargebee's `card` resource. */
export function cardResource(row: PaymentSourceRow) {
  return {
    payment_source_id: row.id,
    status: 'valid',
    gateway: 'chargebee',
    customer_id: row.customer_id,
    ...cardOf(row),
  };
}

export function paymentSourceResource(row: PaymentSourceRow) {
  return {
    id: row.id,
    customer_id: row.customer_id,
    type: 'card',
    status: 'valid',
    gateway: 'chargebee',
    reference_id: `tok_${row.id}`,
    card: cardOf(row),
    created_at: row.created_at,
    updated_at: row.created_at,
    deleted: false,
    object: 'payment_source',
  };
}

/** The card payment that paid an invoice, as Chargebee's transaction resource. */
export function transactionResource(row: InvoiceRow) {
  return {
    id: `txn_${row.id}`,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    payment_method: 'card',
    type: 'payment',
    date: row.date,
    currency_code: row.currency_code,
    amount: row.amount_paid,
    status: 'success',
    linked_invoices: [
      { invoice_id: row.id, applied_amount: row.amount_paid, applied_at: row.date },
    ],
    deleted: false,
    object: 'transaction',
  };
}

export function invoiceResource(row: InvoiceRow) {
  return {
    id: row.id,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    recurring: true,
    status: row.status,
    price_type: 'tax_exclusive',
    date: row.date,
    due_date: row.date,
    ...(row.status === 'paid' ? { paid_at: row.date } : {}),
    sub_total: row.sub_total,
    total: row.total,
    credits_applied: row.credits_applied,
    amount_paid: row.amount_paid,
    amount_adjusted: 0,
    write_off_amount: 0,
    amount_due: row.amount_due,
    currency_code: row.currency_code,
    line_items: row.line_items,
    discounts: row.discounts,
    taxes: [],
    billing_address: { email: row.bill_to.email, object: 'billing_address' },
    deleted: false,
    object: 'invoice',
  };
}

export function hostedPageResource(row: HostedPageRow, url: string) {
  return {
    id: row.id,
    type: row.type,
    url,
    state: row.state,
    embed: false,
    created_at: row.created_at,
    expires_at: row.expires_at,
    updated_at: row.updated_at,
    resource_version: row.updated_at * 1000,
    ...(row.content ? { content: row.content } : {}),
    object: 'hosted_page',
  };
}
