import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { MODULE_TYPES, PRICING_MODELS, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { multiLineText, singleLineText } from '../text-schema.ts';
import { idSchema, successSchema } from './schemas.ts';

/**
 * Billing: the team's subscription at the billing provider (Chargebee, or the sandbox that
 * speaks its API in demo mode). Every amount is an integer in minor units (cents) of
 * `currency`; the web shows value / 100. Every call needs edit_billing.
 */

export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * The webhook status of the team's last purchase: 'pending' from checkout until the provider's
 * webhook (or the reconciliation that stands in for a missed one) confirms it.
 */
export const WEBHOOK_STATUSES = ['pending', 'confirmed'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

const minorUnits = z.number().int();
const isoDate = z.string();

/** The add-ons a team can hold: the two basic ones (quantities) and connector modules. */
export const addonSchema = z.object({
  /** Add-on id as the catalogue names it: 'accounts', 'team-users', or a connector's nameSimple. */
  id: z.string(),
  name: z.string(),
  /** 'feature' for accounts and team-users (bought by quantity), 'connector' for a module. */
  type: z.enum(MODULE_TYPES),
  /** Price per unit and period, minor units; absent for a period the skin does not sell. */
  prices: z.object({ month: minorUnits.nullable(), year: minorUnits.nullable() }),
  /** Quantity the base plan includes (feature add-ons); 0 for connector modules. */
  included: z.number().int(),
});
export type Addon = z.infer<typeof addonSchema>;

/** One plan price of the skin: what the base plan costs per period and what it includes. */
export const pricingPlanSchema = z.object({
  planId: z.string(),
  period: z.enum(BILLING_PERIODS),
  price: minorUnits,
  currency: z.string(),
  /** The annual price is 12 × monthly less 20 % when this is set. */
  applyDiscount: z.boolean(),
  includedAccounts: z.number().int(),
  includedUsers: z.number().int(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

/** The team's copy of its subscription, as the spec's plan usage response names it. */
export const subscriptionDetailsSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: z.string(),
  /** 'month' is monthly; anything else (here 'year') annual. */
  period: z.enum(BILLING_PERIODS),
  /** When the current state ends: trial end, term end of a non_renewing plan, cancel date. */
  end_date: isoDate.nullable(),
  applyDiscount: z.boolean(),
  webhook_status: z.enum(WEBHOOK_STATUSES),
  /** Whether the trial unlocks the add-on connectors (it does not: they are bought). */
  trialAddon: z.boolean(),
  /** Whole days left in the trial (in_trial only). */
  trialDaysLeft: z.number().int().nullable(),
  nextBillingAt: isoDate.nullable(),
  currentTermStart: isoDate.nullable(),
  currentTermEnd: isoDate.nullable(),
  /** Quantities and connector add-ons the subscription holds now. */
  accounts: z.number().int(),
  users: z.number().int(),
  addons: z.array(z.string()),
  couponCodes: z.array(z.string()),
  currency: z.string(),
  /**
   * While the plan waits for a checkout: the provider's page it waits on, to go back to until
   * the page expires (null when it has, or when nothing waits).
   */
  openCheckout: z.object({ url: z.string(), expiresAt: isoDate }).nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

const meterSchema = z.object({ used: z.number().int(), limit: z.number().int() });

/** Plan, subscription and usage: what the Billing screen opens with. */
export const getPlanUsage = defineEndpoint({
  name: 'getPlanUsage',
  method: 'GET',
  path: '/api/billing/planUsage',
  access: privateAccess('edit_billing'),
  response: z.object({
    plan: z.object({
      userLimit: z.number().int(),
      accountLimit: z.number().int(),
      /** Connector add-ons (nameSimple) the team may connect. */
      connectors: z.array(z.string()),
      /** Discounts the team is eligible for now, e.g. the annual discount. */
      applicableDiscounts: z.array(z.object({ id: z.string(), description: z.string() })),
      isFeedbackSubmitted: z.boolean(),
      pricingModel: z.enum(PRICING_MODELS),
    }),
    subscriptionDetails: subscriptionDetailsSchema,
    usage: z.object({
      accounts: meterSchema,
      users: meterSchema,
      /** Accounts per connector add-on; an add-on no longer owned still lists its accounts. */
      addonConnectors: z.array(
        z.object({
          connector: z.string(),
          name: z.string(),
          accounts: z.number().int(),
          owned: z.boolean(),
        }),
      ),
    }),
    card: cardSchema.nullable(),
    /** Connections and invitations are allowed (false after a trial ends or a cancel takes effect). */
    canGrow: z.boolean(),
  }),
  errors: [],
});

/** The skin's plan prices keyed by period (each with its planId). */
export const getPlans = defineEndpoint({
  name: 'getPlans',
  method: 'GET',
  path: '/api/billing/plans',
  access: privateAccess('edit_billing'),
  response: z.object({
    plans: z.object({ month: pricingPlanSchema, year: pricingPlanSchema }),
    currency: z.string(),
  }),
  errors: [],
});

/**
 * An add-on offered to one team beyond the catalogue: an add-on item price at the billing
 * provider whose metadata names the team (`{"team_ids": ["<team id>"]}`).
 */
export const customAddonSchema = z.object({
  /** The provider's item price id. */
  id: z.string(),
  name: z.string(),
  period: z.enum(BILLING_PERIODS),
  price: minorUnits,
  currency: z.string(),
});
export type CustomAddon = z.infer<typeof customAddonSchema>;

/**
 * The add-ons the skin sells, basic and connector modules, and those offered to this team
 * alone (`customAddons`, empty unless the provider names the team on an add-on's price).
 */
export const getAddons = defineEndpoint({
  name: 'getAddons',
  method: 'GET',
  path: '/api/billing/addons',
  access: privateAccess('edit_billing'),
  response: z.object({ addons: z.array(addonSchema), customAddons: z.array(customAddonSchema) }),
  errors: [],
});

const quantityField = (label: string) =>
  singleLineText(label)
    .regex(/^\d{1,4}$/, `${label} must be a whole number.`)
    .transform(Number);

/**
 * A plan as the customize form chooses it. Form bodies are flat: `addons` is the connector
 * add-ons' ids joined by commas ('' for none).
 */
export const planSelectionSchema = z.object({
  period: z.enum(BILLING_PERIODS),
  accounts: quantityField('Accounts'),
  users: quantityField('Users'),
  addons: singleLineText('Add-ons')
    .max(400)
    .regex(/^[a-z0-9,-]*$/, 'Add-ons must be add-on ids separated by commas.')
    .default('')
    .transform((value) => value.split(',').filter(Boolean)),
  coupon: singleLineText('Coupon').trim().max(50).optional(),
});
export type PlanSelection = z.output<typeof planSelectionSchema>;

export const estimateLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: minorUnits,
  amount: minorUnits,
});
export const estimateDiscountSchema = z.object({ description: z.string(), amount: minorUnits });

/** An invoice-to-be: lines, discounts (coupon, annual), tax-free total. */
export const invoiceEstimateSchema = z.object({
  lines: z.array(estimateLineSchema),
  discounts: z.array(estimateDiscountSchema),
  subTotal: minorUnits,
  total: minorUnits,
  /** Credits from the unused part of the current term (proration), as a positive amount. */
  credits: minorUnits,
  amountDue: minorUnits,
});
export type InvoiceEstimate = z.infer<typeof invoiceEstimateSchema>;

/** Price preview of a plan selection, before anything is bought. */
export const estimatePlan = defineEndpoint({
  name: 'estimatePlan',
  method: 'POST',
  path: '/api/billing/estimate',
  access: privateAccess('edit_billing'),
  body: planSelectionSchema,
  response: z.object({
    currency: z.string(),
    /** Charged now (prorated for the rest of the current term). */
    dueToday: invoiceEstimateSchema,
    /** Charged each period from the next renewal. */
    perPeriod: invoiceEstimateSchema,
    nextBillingAt: isoDate.nullable(),
    /** The coupon applied, when one was entered and accepted. */
    coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
  }),
  /** An unknown or ineligible coupon is VALIDATION_FAILED with field 'coupon'. */
  errors: ['VALIDATION_FAILED', 'BAD_GATEWAY'],
});

/** The next renewal's amount and date for the subscription as it stands. */
export const estimateNextBillingAmount = defineEndpoint({
  name: 'estimateNextBillingAmount',
  method: 'POST',
  path: '/api/billing/estimate/nextBillingAmount',
  access: privateAccess('edit_billing'),
  body: z.object({}),
  response: z.object({ amount: minorUnits, currency: z.string(), date: isoDate.nullable() }),
  errors: ['BAD_GATEWAY'],
});

/**
 * Checkout: answers the provider's hosted checkout page for the selection. Idempotent per
 * `idempotencyKey` (the form makes one per opened preview): a double click or a retry answers
 * the same page, and a page can be paid once.
 */
export const customizePlan = defineEndpoint({
  name: 'customizePlan',
  method: 'POST',
  path: '/api/billing/customize',
  access: privateAccess('edit_billing'),
  body: planSelectionSchema.extend({
    idempotencyKey: singleLineText('The idempotency key').regex(
      /^[A-Za-z0-9-]{8,64}$/,
      'The idempotency key must be 8–64 letters, digits or dashes.',
    ),
  }),
  response: z.object({ hostedPageUrl: z.string() }),
  errors: ['VALIDATION_FAILED', 'BAD_GATEWAY'],
});

/** The checkout was left for the provider's page: the plan shows "confirming" until the webhook. */
export const updateSubscriptionWebhookStatus = defineEndpoint({
  name: 'updateSubscriptionWebhookStatus',
  method: 'POST',
  path: '/api/billing/updateSubscriptionWebhookStatus',
  access: privateAccess('edit_billing'),
  /** Only 'pending' comes from a browser; 'confirmed' is the provider's to say. */
  body: z.object({ webhookStatus: z.literal('pending') }),
  response: successSchema,
  errors: [],
});

/** What became of a checkout on the provider's hosted page. */
export const CHECKOUT_OUTCOMES = ['succeeded', 'cancelled', 'expired', 'open'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/**
 * The browser is back from the provider's hosted page (`?id=<hosted page id>&state=…`): the
 * server asks the provider what happened to that page (one of the team's own checkouts). Paid:
 * the plan is stored at once, without waiting for the webhook. Cancelled or expired: the plan
 * stops waiting for a confirmation. Still open: nothing changes.
 */
export const confirmCheckout = defineEndpoint({
  name: 'confirmCheckout',
  method: 'POST',
  path: '/api/billing/checkout/confirm',
  access: privateAccess('edit_billing'),
  body: z.object({
    hostedPageId: singleLineText('The hosted page id')
      .max(100)
      .regex(
        /^[A-Za-z0-9_-]+$/,
        'The hosted page id must be letters, digits, dashes or underscores.',
      ),
  }),
  response: z.object({
    outcome: z.enum(CHECKOUT_OUTCOMES),
    subscriptionDetails: subscriptionDetailsSchema,
  }),
  /** NOT_FOUND: no checkout of this team has that page. */
  errors: ['NOT_FOUND', 'BAD_GATEWAY'],
});

/**
 * The person gives up the checkout they left open: the plan stops waiting for it. A page that
 * was paid after all is settled as paid instead ('succeeded'); otherwise the answer is what
 * the page is now ('open', 'cancelled' or 'expired') and the plan no longer waits.
 */
export const dropCheckout = defineEndpoint({
  name: 'dropCheckout',
  method: 'POST',
  path: '/api/billing/checkout/drop',
  access: privateAccess('edit_billing'),
  body: z.object({}),
  response: z.object({
    outcome: z.enum(CHECKOUT_OUTCOMES),
    subscriptionDetails: subscriptionDetailsSchema,
  }),
  errors: ['BAD_GATEWAY'],
});

/** The provider's hosted page for adding or replacing the card (card data never reaches us). */
export const updateCard = defineEndpoint({
  name: 'updateCard',
  method: 'POST',
  path: '/api/billing/updateCard',
  access: privateAccess('edit_billing'),
  body: z.object({}),
  response: z.object({ hostedPageUrl: z.string() }),
  /** CONFLICT: the team has never bought a plan, so the provider holds no card for it. */
  errors: ['CONFLICT', 'BAD_GATEWAY'],
});

export const INVOICE_STATUSES = [
  'paid',
  'payment_due',
  'not_paid',
  'voided',
  'posted',
  'pending',
] as const;

export const invoiceSchema = z.object({
  id: z.string(),
  /** Sequential invoice number as the provider issues it. */
  number: z.string(),
  date: isoDate,
  total: minorUnits,
  amountPaid: minorUnits,
  amountDue: minorUnits,
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One payment as the billing provider records it (a transaction of type payment or refund). */
export const paymentSchema = z.object({
  id: z.string(),
  date: isoDate,
  /** Minor units of `currency`; a refund is a positive amount of type 'refund'. */
  amount: minorUnits,
  currency: z.string(),
  type: z.enum(['payment', 'refund']),
  /** The provider's status: success, failure, in_progress, voided, timeout or needs_attention. */
  status: z.string(),
  /** How it was paid, e.g. 'card', with the card's last four digits when known. */
  paymentMethod: z.string(),
  cardLast4: z.string().nullable(),
  /** Invoices this payment paid, by id. */
  invoiceIds: z.array(z.string()),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The team's invoices and payments, most recent first. */
export const getInvoices = defineEndpoint({
  name: 'getInvoices',
  method: 'GET',
  path: '/api/billing/invoices',
  access: privateAccess('edit_billing'),
  response: z.object({ invoices: z.array(invoiceSchema), payments: z.array(paymentSchema) }),
  errors: ['BAD_GATEWAY'],
});

/** A short-lived address of the invoice's PDF (another team's invoice id is a 404). */
export const downloadInvoice = defineEndpoint({
  name: 'downloadInvoice',
  method: 'POST',
  path: '/api/billing/invoice/download',
  access: privateAccess('edit_billing'),
  body: z.object({ id: idSchema }),
  response: z.object({ downloadUrl: z.string(), validTill: isoDate }),
  errors: ['NOT_FOUND', 'BAD_GATEWAY'],
});

/** Reasons offered when cancelling. */
export const getChurnReasons = defineEndpoint({
  name: 'getChurnReasons',
  method: 'GET',
  path: '/api/billing/churnReasons',
  access: privateAccess('edit_billing'),
  response: z.object({ reasons: z.array(z.object({ id: z.string(), label: z.string() })) }),
  errors: [],
});

/** Why the team cancels: a reason id from churnReasons and free text (`payload`). */
export const submitChurnFeedback = defineEndpoint({
  name: 'submitChurnFeedback',
  method: 'POST',
  path: '/api/billing/churnFeedback',
  access: privateAccess('edit_billing'),
  body: z.object({
    reason: singleLineText('The reason').max(60),
    payload: multiLineText('Your feedback').max(2000).default(''),
  }),
  response: successSchema,
  errors: ['VALIDATION_FAILED'],
});

/**
 * Cancels at the end of the current term: the subscription turns non_renewing and can be
 * resumed until then; nothing connected is deleted.
 */
export const cancelSubscription = defineEndpoint({
  name: 'cancelSubscription',
  method: 'POST',
  path: '/api/billing/cancelSubscription',
  access: privateAccess('edit_billing'),
  body: z.object({}),
  response: z.object({ subscriptionDetails: subscriptionDetailsSchema }),
  errors: ['CONFLICT', 'BAD_GATEWAY'],
});

/** Takes back a scheduled cancellation while the term has not ended. */
export const resumeSubscription = defineEndpoint({
  name: 'resumeSubscription',
  method: 'POST',
  path: '/api/billing/resumeSubscription',
  access: privateAccess('edit_billing'),
  body: z.object({}),
  response: z.object({ subscriptionDetails: subscriptionDetailsSchema }),
  errors: ['CONFLICT', 'BAD_GATEWAY'],
});

/** The thank-you screen's "how did it go" form, once per team (plan.isFeedbackSubmitted). */
export const submitBillingFeedback = defineEndpoint({
  name: 'submitBillingFeedback',
  method: 'POST',
  path: '/api/billing/feedback',
  access: privateAccess('edit_billing'),
  body: z.object({
    rating: z.enum(['1', '2', '3', '4', '5']).transform(Number),
    payload: multiLineText('Your feedback').max(2000).default(''),
  }),
  response: successSchema,
  errors: ['CONFLICT'],
});

/**
 * Where the billing provider posts its webhooks (JSON, HTTP Basic). Not an endpoint of the
 * browser's API: no session, no business-unit header, the provider's own body shape.
 */
export const BILLING_WEBHOOK_PATH = '/api/billing/webhook';
