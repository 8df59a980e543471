/**
 * Recorded Chargebee v2 responses (item-based), in the shapes Chargebee documents: the item
 * prices of each unit's family, coupons, and builders for subscriptions, invoices, hosted
 * pages and events. Amounts are integer cents.
 */

const PLAN_PRICES: Record<string, Array<[string, number, 'month' | 'year']>> = {
  megalytic: [
    ['basic-plan', 2999, 'month'],
    ['annual-plan', 35988, 'year'],
  ],
  raven: [
    ['raven-v1-basic-plan', 2999, 'month'],
    ['raven-v1-annual-plan', 28790, 'year'],
  ],
  tapclicks: [
    ['tapclicks-v1-basic-plan', 4999, 'month'],
    ['tapclicks-v1-annual-plan', 47990, 'year'],
  ],
};

const PREFIX: Record<string, string> = {
  megalytic: '',
  raven: 'raven-v1-',
  tapclicks: 'tapclicks-v1-',
};
const CONNECTOR_ADDONS = [
  'facebook-ads',
  'facebook-insights',
  'linkedin-ads',
  'linkedin-pages',
  'hubspot-analytics',
  'bing-ads',
];

function monthly(family: string, addon: string): number {
  if (addon === 'accounts') return family === 'tapclicks' ? 1000 : 300;
  if (addon === 'team-users') return family === 'tapclicks' ? 1000 : 500;
  return 1000;
}

/** 12 × monthly, less 20 % for the v1 brands, rounded half up to whole cents. */
function annual(family: string, cents: number): number {
  const year = 12 * cents;
  return family === 'megalytic' ? year : Math.floor((year * 8 + 5) / 10);
}

export function itemPrice(
  family: string,
  id: string,
  price: number,
  periodUnit: 'month' | 'year',
  type: 'plan' | 'addon',
  pricingModel: 'flat_fee' | 'per_unit',
) {
  return {
    id,
    name: id,
    external_name: id,
    item_id: id.replace(/-(monthly|annual)$/, ''),
    item_family_id: family,
    item_type: type,
    status: 'active',
    pricing_model: pricingModel,
    price,
    period: 1,
    period_unit: periodUnit,
    currency_code: 'USD',
    free_quantity: 0,
    is_taxable: true,
    resource_version: 1_700_000_000_000,
    updated_at: 1_700_000_000,
    created_at: 1_700_000_000,
    object: 'item_price',
  };
}

/** GET /item_prices?item_family_id[is]=… as Chargebee answers it. */
export function itemPricesOf(family: string) {
  const plans = (PLAN_PRICES[family] ?? []).map(([id, price, unit]) =>
    itemPrice(family, id, price, unit, 'plan', 'flat_fee'),
  );
  const addons = ['accounts', 'team-users', ...(family === 'megalytic' ? CONNECTOR_ADDONS : [])];
  const addonPrices = addons.flatMap((addon) => {
    const model = addon === 'accounts' || addon === 'team-users' ? 'per_unit' : 'flat_fee';
    const cents = monthly(family, addon);
    const prefix = PREFIX[family] ?? '';
    return [
      itemPrice(family, `${prefix}${addon}-monthly`, cents, 'month', 'addon', model),
      itemPrice(family, `${prefix}${addon}-annual`, annual(family, cents), 'year', 'addon', model),
    ];
  });
  return [...plans, ...addonPrices];
}

const MONTHLY_PLANS = ['basic-plan', 'raven-v1-basic-plan', 'tapclicks-v1-basic-plan'];
const ANNUAL_PLANS = ['annual-plan', 'raven-v1-annual-plan', 'tapclicks-v1-annual-plan'];

function coupon(
  id: string,
  percentage: number,
  duration: 'forever' | 'limited_period' | 'one_time',
  plans: string[] | 'all',
) {
  return {
    id,
    name: id,
    invoice_name: id,
    discount_type: 'percentage',
    discount_percentage: percentage,
    duration_type: duration,
    ...(duration === 'limited_period' ? { duration_month: 3 } : {}),
    status: 'active',
    apply_on: 'invoice_amount',
    item_constraints:
      plans === 'all'
        ? [{ item_type: 'plan', constraint: 'all' }]
        : [{ item_type: 'plan', constraint: 'specific', item_price_ids: plans }],
    resource_version: 1_700_000_000_000,
    updated_at: 1_700_000_000,
    object: 'coupon',
  };
}

/** GET /coupons/{id} answers for the contract's coupons. */
export const COUPON_FIXTURES: Record<string, ReturnType<typeof coupon>> = {
  'GDS-PROMO': coupon('GDS-PROMO', 10, 'forever', 'all'),
  'GDS-ANNUAL': coupon('GDS-ANNUAL', 15, 'forever', ANNUAL_PLANS),
  '50-OFF-MONTHLY': coupon('50-OFF-MONTHLY', 50, 'limited_period', MONTHLY_PLANS),
  '50-OFF-ANNUAL': coupon('50-OFF-ANNUAL', 50, 'one_time', ANNUAL_PLANS),
};

/** Chargebee's error body (documented shape). */
export function chargebeeError(
  status: number,
  type: string,
  code: string,
  message: string,
  param?: string,
) {
  return {
    message,
    type,
    api_error_code: code,
    ...(param ? { param, error_param: param } : {}),
    error_code: code,
    error_msg: message,
    http_status_code: status,
  };
}
