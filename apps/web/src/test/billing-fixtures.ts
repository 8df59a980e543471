import type {
  Addon,
  ENDPOINTS,
  Invoice,
  InvoiceEstimate,
  ResponseOf,
  SubscriptionDetails,
} from '@gds/contract';
import { daysFromNow } from './fixtures.ts';

type PlanUsageBody = ResponseOf<typeof ENDPOINTS.getPlanUsage>;

/** An active monthly Basic plan: 20 accounts and 5 users included, renewing in 20 days. */
export function subscription(overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    status: 'active',
    planId: 'basic-plan',
    period: 'month',
    end_date: null,
    applyDiscount: false,
    webhook_status: 'confirmed',
    trialAddon: false,
    trialDaysLeft: null,
    nextBillingAt: '2026-12-21T10:00:00.000Z',
    currentTermStart: '2026-11-21T10:00:00.000Z',
    currentTermEnd: '2026-12-21T10:00:00.000Z',
    accounts: 20,
    users: 5,
    addons: [],
    couponCodes: [],
    currency: 'USD',
    openCheckout: null,
    ...overrides,
  };
}

/** The planUsage answer: 12 of 20 accounts, 2 of 5 users, a Visa on file. */
export function planUsage(
  details: Partial<SubscriptionDetails> = {},
  overrides: Partial<PlanUsageBody> = {},
): PlanUsageBody {
  return {
    plan: {
      userLimit: 5,
      accountLimit: 20,
      connectors: [],
      applicableDiscounts: [],
      isFeedbackSubmitted: false,
      pricingModel: 'individual',
    },
    subscriptionDetails: subscription(details),
    usage: {
      accounts: { used: 12, limit: 20 },
      users: { used: 2, limit: 5 },
      addonConnectors: [],
    },
    card: { brand: 'visa', last4: '1111', expiryMonth: 4, expiryYear: 2030 },
    canGrow: true,
    ...overrides,
  };
}

/** A trial with `daysLeft` days to go, no card and nothing bought yet. */
export function trialUsage(daysLeft = 9): PlanUsageBody {
  return planUsage(
    {
      status: 'in_trial',
      trialDaysLeft: daysLeft,
      end_date: daysFromNow(daysLeft),
      nextBillingAt: null,
      currentTermStart: null,
      currentTermEnd: null,
    },
    { card: null },
  );
}

/** Megalytic's prices: Basic $29.99 a month, the legacy annual plan without a discount. */
export const plansBody: ResponseOf<typeof ENDPOINTS.getPlans> = {
  currency: 'USD',
  plans: {
    month: {
      planId: 'basic-plan',
      period: 'month',
      price: 2999,
      currency: 'USD',
      applyDiscount: false,
      includedAccounts: 20,
      includedUsers: 5,
    },
    year: {
      planId: 'annual-plan',
      period: 'year',
      price: 35988,
      currency: 'USD',
      applyDiscount: true,
      includedAccounts: 20,
      includedUsers: 5,
    },
  },
};

const connectorAddon = (id: string, name: string): Addon => ({
  id,
  name,
  type: 'connector',
  prices: { month: 1000, year: 12000 },
  included: 0,
});

export const addonsBody: ResponseOf<typeof ENDPOINTS.getAddons> = {
  addons: [
    {
      id: 'accounts',
      name: 'Accounts',
      type: 'feature',
      prices: { month: 300, year: 3600 },
      included: 20,
    },
    {
      id: 'team-users',
      name: 'Team users',
      type: 'feature',
      prices: { month: 500, year: 6000 },
      included: 5,
    },
    connectorAddon('facebook-ads', 'Facebook Ads'),
    connectorAddon('linkedin-ads', 'LinkedIn Ads'),
  ],
  customAddons: [],
};

function invoiceEstimate(lines: Array<[string, number, number]>, discount = 0): InvoiceEstimate {
  const items = lines.map(([description, quantity, unitAmount]) => ({
    description,
    quantity,
    unitAmount,
    amount: quantity * unitAmount,
  }));
  const subTotal = items.reduce((sum, line) => sum + line.amount, 0);
  return {
    lines: items,
    discounts: discount ? [{ description: 'GDS-PROMO (10% off)', amount: discount }] : [],
    subTotal,
    total: subTotal - discount,
    credits: 0,
    amountDue: subTotal - discount,
  };
}

/** The estimate of a Basic plan with `extraAccounts` accounts above the 20 included. */
export function estimateBody(
  extraAccounts = 0,
  coupon = false,
): ResponseOf<typeof ENDPOINTS.estimatePlan> {
  const lines: Array<[string, number, number]> = [['Basic plan', 1, 2999]];
  // Named as the provider names a per-unit line: with its quantity.
  if (extraAccounts > 0) lines.push([`Extra Accounts × ${extraAccounts}`, extraAccounts, 300]);
  const subTotal = 2999 + extraAccounts * 300;
  const discount = coupon ? Math.round(subTotal / 10) : 0;
  return {
    currency: 'USD',
    dueToday: invoiceEstimate(lines, discount),
    perPeriod: invoiceEstimate(lines, discount),
    nextBillingAt: '2026-12-21T10:00:00.000Z',
    coupon: coupon ? { code: 'GDS-PROMO', description: '10% off forever' } : null,
  };
}

export function invoice(id: string, date: string, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    number: id,
    date,
    total: 2999,
    amountPaid: 2999,
    amountDue: 0,
    currency: 'USD',
    status: 'paid',
    ...overrides,
  };
}

export const churnReasonsBody: ResponseOf<typeof ENDPOINTS.getChurnReasons> = {
  reasons: [
    { id: 'too_expensive', label: 'It is too expensive' },
    { id: 'missing_connector', label: 'A connector I need is missing' },
    { id: 'other', label: 'Something else' },
  ],
};
