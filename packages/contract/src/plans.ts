import type { BusinessUnit } from './business-units.ts';

/** Business constants: plans, add-ons, coupons, statuses. */

export const PRICING_MODELS = ['tiered', 'individual'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const DEFAULT_PRICING_MODEL: PricingModel = 'individual';

export const MODULE_TYPES = ['feature', 'connector'] as const;

export const SUBSCRIPTION_STATUSES = [
  'active',
  'in_trial',
  'cancelled',
  'trial_expired',
  'non_renewing',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const ON_TRIAL_STATUS: SubscriptionStatus = 'in_trial';
export function isOnTrial(status: string | null | undefined): boolean {
  return status === ON_TRIAL_STATUS;
}

/** A billing period of 'month' is monthly; anything else is annual. */
export function isMonthlyPeriod(period: string | null | undefined): boolean {
  return period === 'month';
}

/** Plan bounds every skin shares. */
export const PLAN_BOUNDS = {
  accounts: { min: 1, max: 100 },
  users: { min: 1, max: 10 },
} as const;

export interface PlanOption {
  /** Included in the base plan. */
  default: number;
  /** Quantities above this are charged. */
  chargedAbove: number;
  /** Price per unit above the included quantity, in dollars a month. */
  price: number;
  min: number;
  max: number;
}
export interface PlanOptions {
  accounts: PlanOption;
  users: PlanOption;
}

/** Plan options per skin. */
export const PLAN_OPTIONS: Record<BusinessUnit, PlanOptions> = {
  MEGALYTIC_GDS: {
    accounts: { default: 20, chargedAbove: 20, price: 3, ...PLAN_BOUNDS.accounts },
    users: { default: 5, chargedAbove: 5, price: 5, ...PLAN_BOUNDS.users },
  },
  RAVEN_GDS: {
    accounts: { default: 20, chargedAbove: 20, price: 3, ...PLAN_BOUNDS.accounts },
    users: { default: 3, chargedAbove: 3, price: 5, ...PLAN_BOUNDS.users },
  },
  TAPCLICKS_GDS: {
    accounts: { default: 35, chargedAbove: 35, price: 10, ...PLAN_BOUNDS.accounts },
    users: { default: 1, chargedAbove: 1, price: 10, ...PLAN_BOUNDS.users },
  },
};

export const BASIC_ADDONS = ['accounts', 'team-users'] as const;

export const COUPONS = {
  promo: 'GDS-PROMO',
  annual: 'GDS-ANNUAL',
  halfOffMonthly: '50-OFF-MONTHLY',
  halfOffAnnual: '50-OFF-ANNUAL',
  freeMonthMonthly: '1-FREE-MONTH-MONTHLY',
  freeMonthAnnual: '1-FREE-MONTH-ANNUAL',
  threeFreeMonthsMonthly: '3-FREE-MONTHS-MONTHLY',
  threeFreeMonthsAnnual: '3-FREE-MONTHS-ANNUAL',
} as const;

export const PLAN_IDS = [
  'basic-plan',
  'new-basic-plan',
  'annual-plan',
  'raven-v1-basic-plan',
  'raven-v1-annual-plan',
  'tapclicks-v1-basic-plan',
  'tapclicks-v1-annual-plan',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const ACTIVE_ANNUAL_PLANS: readonly PlanId[] = [
  'annual-plan',
  'raven-v1-annual-plan',
  'tapclicks-v1-annual-plan',
];

/** Each v1 brand pairs a basic plan with an annual plan; add-on limits carry the prefix. */
export const V1_BRAND_PLANS = {
  RAVEN_GDS: {
    basic: 'raven-v1-basic-plan',
    annual: 'raven-v1-annual-plan',
    addonPrefix: 'raven-v1-',
  },
  TAPCLICKS_GDS: {
    basic: 'tapclicks-v1-basic-plan',
    annual: 'tapclicks-v1-annual-plan',
    addonPrefix: 'tapclicks-v1-',
  },
} as const;

/** The plan a new team of each unit starts on (its skin's individual-pricing basic plan). */
export const DEFAULT_PLAN_BY_UNIT: Record<BusinessUnit, PlanId> = {
  MEGALYTIC_GDS: 'basic-plan',
  RAVEN_GDS: 'raven-v1-basic-plan',
  TAPCLICKS_GDS: 'tapclicks-v1-basic-plan',
};

/** Raven plan prices in minor units. */
export const RAVEN_PLAN_PRICES = {
  'basic-plan': 2999,
  'annual-plan': 35988,
} as const;

/** Annual discount of the v1 brands' annual plans, as a fraction. */
export const V1_ANNUAL_DISCOUNT = 0.2;

/** Add-ons the first unit sells (connector modules plus the basic add-ons). */
export const ACTIVE_ADDONS_BY_UNIT: Record<BusinessUnit, readonly string[]> = {
  MEGALYTIC_GDS: [
    'facebook-ads',
    'facebook-insights',
    'linkedin-ads',
    'linkedin-pages',
    'hubspot-analytics',
    'bing-ads',
    'team-users',
    'accounts',
  ],
  RAVEN_GDS: ['team-users', 'accounts'],
  TAPCLICKS_GDS: ['team-users', 'accounts'],
};
