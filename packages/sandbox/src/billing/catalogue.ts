import {
  ACTIVE_ADDONS_BY_UNIT,
  BASIC_ADDONS,
  DEFAULT_PLAN_BY_UNIT,
  PLAN_OPTIONS,
  RAVEN_PLAN_PRICES,
  SKINS,
  V1_BRAND_PLANS,
} from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { annualFromMonthly } from './money.ts';

/**
 * The sandbox's catalogue, built from the contract's plan constants: one item family per
 * business unit, each with a monthly and an annual plan and its add-ons in both periods.
 */

export type PeriodUnit = 'month' | 'year';

export interface ItemPrice {
  id: string;
  item_id: string;
  item_family_id: string;
  item_type: 'plan' | 'addon';
  name: string;
  external_name: string;
  pricing_model: 'flat_fee' | 'per_unit';
  price: number;
  period: 1;
  period_unit: PeriodUnit;
  currency_code: 'USD';
  status: 'active';
}

interface Brand {
  unit: BusinessUnit;
  family: string;
  monthlyPlan: string;
  annualPlan: string;
  addonPrefix: string;
  /** Monthly plan price, cents. */
  planPrice: number;
  /** Annual plan price, cents (the legacy plan has no annual discount). */
  annualPlanPrice: number;
  v1: boolean;
}

/** The legacy plan's prices: the contract's Raven plan prices (annual is twelve months, no discount). */
const MEGALYTIC_PLAN_PRICE = RAVEN_PLAN_PRICES['basic-plan'];
const CONNECTOR_ADDON_PRICE = 1000;

const BRANDS: readonly Brand[] = [
  {
    unit: 'MEGALYTIC_GDS',
    family: 'megalytic',
    monthlyPlan: DEFAULT_PLAN_BY_UNIT.MEGALYTIC_GDS,
    annualPlan: 'annual-plan',
    addonPrefix: '',
    planPrice: MEGALYTIC_PLAN_PRICE,
    annualPlanPrice: RAVEN_PLAN_PRICES['annual-plan'],
    v1: false,
  },
  ...(['RAVEN_GDS', 'TAPCLICKS_GDS'] as const).map((unit): Brand => {
    const plans = V1_BRAND_PLANS[unit];
    const planPrice = unit === 'RAVEN_GDS' ? RAVEN_PLAN_PRICES['basic-plan'] : 4999;
    return {
      unit,
      family: unit === 'RAVEN_GDS' ? 'raven' : 'tapclicks',
      monthlyPlan: plans.basic,
      annualPlan: plans.annual,
      addonPrefix: plans.addonPrefix,
      planPrice,
      annualPlanPrice: annualFromMonthly(planPrice, true),
      v1: true,
    };
  }),
];

/** Monthly price of one add-on unit: the contract's dollars for accounts and users. */
function addonMonthlyPrice(unit: BusinessUnit, addon: string): number {
  if (addon === 'accounts') return PLAN_OPTIONS[unit].accounts.price * 100;
  if (addon === 'team-users') return PLAN_OPTIONS[unit].users.price * 100;
  return CONNECTOR_ADDON_PRICE;
}

const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

function brandPrices(brand: Brand): ItemPrice[] {
  const unitName = SKINS[brand.unit].name;
  const plans: ItemPrice[] = (
    [
      [brand.monthlyPlan, 'month', brand.planPrice],
      [brand.annualPlan, 'year', brand.annualPlanPrice],
    ] as const
  ).map(([id, period_unit, price]) => ({
    item_family_id: brand.family,
    period: 1,
    currency_code: 'USD',
    status: 'active',
    id,
    item_id: id,
    item_type: 'plan',
    name: `${unitName} ${period_unit === 'month' ? 'Monthly' : 'Annual'} Plan`,
    external_name: `${unitName} ${period_unit === 'month' ? 'Monthly' : 'Annual'} Plan`,
    pricing_model: 'flat_fee',
    price,
    period_unit,
  }));
  const addons = ACTIVE_ADDONS_BY_UNIT[brand.unit].flatMap((addon): ItemPrice[] => {
    const monthly = addonMonthlyPrice(brand.unit, addon);
    const perUnit = (BASIC_ADDONS as readonly string[]).includes(addon);
    const itemId = `${brand.addonPrefix}${addon}`;
    return (
      [
        ['monthly', 'month', monthly],
        ['annual', 'year', annualFromMonthly(monthly, brand.v1)],
      ] as const
    ).map(([suffix, period_unit, price]) => ({
      item_family_id: brand.family,
      period: 1,
      currency_code: 'USD',
      status: 'active',
      id: `${itemId}-${suffix}`,
      item_id: itemId,
      item_type: 'addon',
      name: `${unitName} ${titleOf(addon)} (${suffix})`,
      external_name: perUnit ? `Extra ${titleOf(addon)}` : titleOf(addon),
      pricing_model: perUnit ? 'per_unit' : 'flat_fee',
      price,
      period_unit,
    }));
  });
  return [...plans, ...addons];
}

export const ITEM_PRICES: readonly ItemPrice[] = BRANDS.flatMap(brandPrices);

const BY_ID = new Map(ITEM_PRICES.map((price) => [price.id, price]));

export const findItemPrice = (id: string): ItemPrice | undefined => BY_ID.get(id);

/** The business unit an item family belongs to (the invoice's brand). */
export function unitOfFamily(family: string): BusinessUnit | undefined {
  return BRANDS.find((brand) => brand.family === family)?.unit;
}

/** The monthly plan price of a plan's family, cents (the free-months coupons' measure). */
export function monthlyPlanPriceOf(family: string): number {
  return BRANDS.find((brand) => brand.family === family)?.planPrice ?? MEGALYTIC_PLAN_PRICE;
}

export const ITEM_FAMILIES: readonly string[] = BRANDS.map((brand) => brand.family);
