import {
  ACTIVE_ADDONS_BY_UNIT,
  ADDON_CONNECTORS,
  PLAN_BOUNDS,
  PLAN_OPTIONS,
  V1_BRAND_PLANS,
  findConnectorByName,
} from '@gds/contract';
import type { Addon, BillingPeriod, BusinessUnit, PlanSelection, PricingPlan } from '@gds/contract';
import type { ItemPrice } from 'chargebee';
import { AppError } from '../../lib/errors.ts';
import type { SubscriptionItem } from './chargebee-client.ts';

/**
 * How the app's plans map onto the provider's catalogue: one item family per business unit,
 * plan item prices named by the spec's plan ids, add-on item prices `{prefix}{addon}-monthly`
 * and `{prefix}{addon}-annual`. Accounts and users are bought as units above what the plan
 * includes; connector add-ons one each.
 */

export const ITEM_FAMILY: Record<BusinessUnit, string> = {
  MEGALYTIC_GDS: 'megalytic',
  RAVEN_GDS: 'raven',
  TAPCLICKS_GDS: 'tapclicks',
};

const PLAN_PRICE_IDS: Record<BusinessUnit, Record<BillingPeriod, string>> = {
  MEGALYTIC_GDS: { month: 'basic-plan', year: 'annual-plan' },
  RAVEN_GDS: { month: V1_BRAND_PLANS.RAVEN_GDS.basic, year: V1_BRAND_PLANS.RAVEN_GDS.annual },
  TAPCLICKS_GDS: {
    month: V1_BRAND_PLANS.TAPCLICKS_GDS.basic,
    year: V1_BRAND_PLANS.TAPCLICKS_GDS.annual,
  },
};

const ADDON_PREFIX: Record<BusinessUnit, string> = {
  MEGALYTIC_GDS: '',
  RAVEN_GDS: V1_BRAND_PLANS.RAVEN_GDS.addonPrefix,
  TAPCLICKS_GDS: V1_BRAND_PLANS.TAPCLICKS_GDS.addonPrefix,
};

const PERIOD_SUFFIX: Record<BillingPeriod, string> = { month: 'monthly', year: 'annual' };

/** The v1 brands sell annual plans at 12 × monthly less 20 %; Megalytic's legacy plan does not. */
export function appliesAnnualDiscount(unit: BusinessUnit): boolean {
  return unit !== 'MEGALYTIC_GDS';
}

export function planPriceId(unit: BusinessUnit, period: BillingPeriod): string {
  return PLAN_PRICE_IDS[unit][period];
}

export function addonPriceId(unit: BusinessUnit, addon: string, period: BillingPeriod): string {
  return `${ADDON_PREFIX[unit]}${addon}-${PERIOD_SUFFIX[period]}`;
}

/** The connector add-ons a unit sells (nameSimple). */
export function connectorAddonsOf(unit: BusinessUnit): string[] {
  return ACTIVE_ADDONS_BY_UNIT[unit].filter((id) =>
    (ADDON_CONNECTORS as readonly string[]).includes(id),
  );
}

/** What an item price of the unit's catalogue is: its plan period, or its add-on and period. */
export type ParsedPrice =
  { kind: 'plan'; period: BillingPeriod } | { kind: 'addon'; addon: string; period: BillingPeriod };

export function parsePriceId(unit: BusinessUnit, id: string): ParsedPrice | undefined {
  for (const period of ['month', 'year'] as const) {
    if (PLAN_PRICE_IDS[unit][period] === id) return { kind: 'plan', period };
    const suffix = `-${PERIOD_SUFFIX[period]}`;
    const prefix = ADDON_PREFIX[unit];
    if (id.startsWith(prefix) && id.endsWith(suffix)) {
      const addon = id.slice(prefix.length, id.length - suffix.length);
      if (ACTIVE_ADDONS_BY_UNIT[unit].includes(addon)) return { kind: 'addon', addon, period };
    }
  }
  return undefined;
}

/**
 * The subscription items for a selection: the plan, accounts and users above what it includes,
 * and each connector add-on. Out-of-bounds quantities and add-ons the unit does not sell are
 * refused by field.
 */
export function itemsFor(unit: BusinessUnit, selection: PlanSelection): SubscriptionItem[] {
  const { accounts, users } = PLAN_BOUNDS;
  if (selection.accounts < accounts.min || selection.accounts > accounts.max) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Accounts must be between ${accounts.min} and ${accounts.max}.`,
      'accounts',
    );
  }
  if (selection.users < users.min || selection.users > users.max) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Users must be between ${users.min} and ${users.max}.`,
      'users',
    );
  }
  const sold = connectorAddonsOf(unit);
  const unknown = selection.addons.find((addon) => !sold.includes(addon));
  if (unknown !== undefined) {
    throw new AppError('VALIDATION_FAILED', `${unknown} is not an add-on of this plan.`, 'addons');
  }
  const options = PLAN_OPTIONS[unit];
  const { period } = selection;
  const items: SubscriptionItem[] = [{ item_price_id: planPriceId(unit, period), quantity: 1 }];
  const extraAccounts = Math.max(0, selection.accounts - options.accounts.chargedAbove);
  const extraUsers = Math.max(0, selection.users - options.users.chargedAbove);
  if (extraAccounts > 0) {
    items.push({ item_price_id: addonPriceId(unit, 'accounts', period), quantity: extraAccounts });
  }
  if (extraUsers > 0) {
    items.push({ item_price_id: addonPriceId(unit, 'team-users', period), quantity: extraUsers });
  }
  for (const addon of [...new Set(selection.addons)].sort()) {
    items.push({ item_price_id: addonPriceId(unit, addon, period), quantity: 1 });
  }
  return items;
}

/** The skin's plan prices by period, from the provider's item prices. */
export function plansOf(unit: BusinessUnit, prices: ItemPrice[]) {
  const byId = new Map(prices.map((price) => [price.id, price]));
  const plan = (period: BillingPeriod): PricingPlan => {
    const price = byId.get(planPriceId(unit, period));
    if (!price || price.price === undefined) {
      throw new AppError('BAD_GATEWAY', 'The payment provider does not list this plan’s price.');
    }
    return {
      planId: price.id,
      period,
      price: price.price,
      currency: price.currency_code,
      applyDiscount: period === 'year' && appliesAnnualDiscount(unit),
      includedAccounts: PLAN_OPTIONS[unit].accounts.default,
      includedUsers: PLAN_OPTIONS[unit].users.default,
    };
  };
  const month = plan('month');
  return { plans: { month, year: plan('year') }, currency: month.currency };
}

/** The add-ons the skin sells with their prices per period, from the provider's item prices. */
export function addonsOf(unit: BusinessUnit, prices: ItemPrice[]): Addon[] {
  const byId = new Map(prices.map((price) => [price.id, price]));
  const priceOf = (addon: string, period: BillingPeriod) =>
    byId.get(addonPriceId(unit, addon, period))?.price ?? null;
  return ACTIVE_ADDONS_BY_UNIT[unit]
    .filter((addon) => priceOf(addon, 'month') !== null || priceOf(addon, 'year') !== null)
    .map((addon) => {
      const feature = addon === 'accounts' || addon === 'team-users';
      return {
        id: addon,
        name: addonName(addon),
        type: feature ? ('feature' as const) : ('connector' as const),
        prices: { month: priceOf(addon, 'month'), year: priceOf(addon, 'year') },
        included: feature
          ? PLAN_OPTIONS[unit][addon === 'accounts' ? 'accounts' : 'users'].default
          : 0,
      };
    });
}

/** An add-on as people read it: the connector's name, or Accounts / Users. */
export function addonName(addon: string): string {
  if (addon === 'accounts') return 'Accounts';
  if (addon === 'team-users') return 'Users';
  return findConnectorByName(addon)?.name ?? addon;
}
