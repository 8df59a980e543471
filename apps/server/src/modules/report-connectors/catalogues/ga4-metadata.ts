import { currencyType } from '../../reports/report-fields.ts';
import type { ReportAccount, ReportField, SemanticType } from '../../reports/report-fetcher.ts';

/**
 * GA4's metadata answer (`properties/{id}/metadata`) read as our fields:
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/getMetadata
 * Every standard dimension and metric, and the property's custom ones (`customEvent:`,
 * `customUser:`, `customItem:`), with GA4's metric types read as Looker Studio's semantic types.
 */
export interface Ga4Metadata {
  dimensions?: Array<{
    apiName?: string;
    uiName?: string;
    description?: string;
    category?: string;
  }>;
  metrics?: Array<{
    apiName?: string;
    uiName?: string;
    description?: string;
    category?: string;
    type?: string;
  }>;
}

/** A GA4 name as one of our ids: `sessionSourceMedium` → `session_source_medium`. */
export const ga4Id = (apiName: string) =>
  apiName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();

/**
 * Metric types: https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/MetricType
 * Seconds are Looker Studio's DURATION; other time units stay numbers in their own unit (the
 * description says which), since DURATION means seconds.
 */
function metricType(
  account: ReportAccount,
  apiName: string,
  type: string | undefined,
): SemanticType {
  if (type === 'TYPE_CURRENCY') return currencyType(account);
  if (type === 'TYPE_SECONDS') return 'DURATION';
  // GA4 writes its rates (bounceRate, engagementRate) as ratios typed TYPE_FLOAT.
  if (type === 'TYPE_FLOAT' && /Rate$/.test(apiName)) return 'PERCENT';
  return 'NUMBER';
}

/** Averages, rates and per-something ratios average; counts and amounts add up. */
const averages = (apiName: string, type: string | undefined) =>
  type === 'TYPE_FLOAT' || /^average|Per[A-Z]|Rate$/.test(apiName);

const DIMENSION_TYPES: Readonly<Record<string, SemanticType>> = {
  date: 'YEAR_MONTH_DAY',
  yearMonth: 'YEAR_MONTH',
  yearWeek: 'YEAR_WEEK',
  country: 'COUNTRY',
  region: 'REGION',
  city: 'CITY',
  fullPageUrl: 'URL',
  pageLocation: 'URL',
  linkUrl: 'URL',
  videoUrl: 'URL',
};

const UNITS: Readonly<Record<string, string>> = {
  TYPE_MILLISECONDS: ' In milliseconds.',
  TYPE_MINUTES: ' In minutes.',
  TYPE_HOURS: ' In hours.',
};

/**
 * The property's fields: the documented ones keep their ids, names and period rules (reports
 * already use them), every other name gets an id of its own; names with no usable id are left
 * out. Metrics the documented list does not hold are fetched for each exact range.
 */
export function ga4Fields(
  account: ReportAccount,
  answer: Ga4Metadata,
  documented: readonly ReportField[],
): ReportField[] {
  const byApi = new Map(documented.map((f) => [f.api, f]));
  const taken = new Set(documented.map((f) => f.id));
  const fields: ReportField[] = [];
  const idFor = (apiName: string) => {
    const id = ga4Id(apiName);
    // A GA4 name whose id a documented field holds for another name (event-scoped `source`
    // beside our session `source`) is told apart by a prefix.
    const unique = taken.has(id) ? `ga4_${id}` : id;
    taken.add(unique);
    return /^[a-z][a-z0-9_]*$/.test(unique) ? unique : undefined;
  };
  for (const d of answer.dimensions ?? []) {
    if (!d.apiName) continue;
    const known = byApi.get(d.apiName);
    if (known) {
      fields.push({ ...known, group: d.category ?? 'Other' });
      continue;
    }
    const id = idFor(d.apiName);
    if (!id) continue;
    fields.push({
      id,
      name: d.uiName ?? d.apiName,
      description: d.description ?? '',
      concept: 'DIMENSION',
      type: DIMENSION_TYPES[d.apiName] ?? 'TEXT',
      group: d.category ?? 'Other',
      api: d.apiName,
    });
  }
  for (const m of answer.metrics ?? []) {
    if (!m.apiName) continue;
    const known = byApi.get(m.apiName);
    if (known) {
      fields.push({ ...known, group: m.category ?? 'Other' });
      continue;
    }
    const id = idFor(m.apiName);
    if (!id) continue;
    fields.push({
      id,
      name: m.uiName ?? m.apiName,
      description: `${m.description ?? ''}${UNITS[m.type ?? ''] ?? ''}`,
      concept: 'METRIC',
      type: metricType(account, m.apiName, m.type),
      aggregation: averages(m.apiName, m.type) ? 'AVG' : 'SUM',
      group: m.category ?? 'Other',
      api: m.apiName,
    });
  }
  return fields;
}

/**
 * Item-scoped dimensions and the event-scoped metrics GA4 refuses beside them, as its
 * compatibility announcement lists them:
 * https://developers.google.com/analytics/devguides/reporting/data/v1/announcements/20221201-compatibility-changes
 * (item dimensions go with item metrics such as itemRevenue, and with user and session metrics).
 */
const ITEM_DIMENSIONS = new Set([
  'itemAffiliation',
  'itemBrand',
  'itemCategory',
  'itemCategory2',
  'itemCategory3',
  'itemCategory4',
  'itemCategory5',
  'itemId',
  'itemListId',
  'itemListName',
  'itemName',
  'itemPromotionCreativeName',
  'itemPromotionId',
  'itemPromotionName',
  'itemVariant',
]);
const EVENT_METRICS = new Set([
  'eventCount',
  'adUnitExposure',
  'addToCarts',
  'averagePurchaseRevenue',
  'checkouts',
  'conversions',
  'keyEvents',
  'ecommercePurchases',
  'eventCountPerUser',
  'eventValue',
  'eventsPerSession',
  'firstTimePurchasersPerNewUser',
  'itemListClickEvents',
  'itemListViewEvents',
  'itemViewEvents',
  'newUsers',
  'publisherAdClicks',
  'publisherAdImpressions',
  'purchaseRevenue',
  'totalAdRevenue',
  'totalRevenue',
  'transactions',
  'transactionsPerPurchaser',
]);

/** A runReport takes at most 9 dimensions and 10 metrics (the Data API's request limits). */
const MAX_DIMENSIONS = 9;
const MAX_METRICS = 10;

/** Why GA4 would refuse these fields together, before any call; undefined when it would not. */
export function ga4Conflict(fields: readonly ReportField[]): string | undefined {
  const dimensions = fields.filter((f) => f.concept === 'DIMENSION');
  const metrics = fields.filter((f) => f.concept === 'METRIC');
  if (dimensions.length > MAX_DIMENSIONS) {
    return `Google Analytics answers at most ${MAX_DIMENSIONS} dimensions in one chart; this one asks ${dimensions.length}. Remove some dimensions.`;
  }
  if (metrics.length > MAX_METRICS) {
    return `Google Analytics answers at most ${MAX_METRICS} metrics in one chart; this one asks ${metrics.length}. Remove some metrics.`;
  }
  const item = dimensions.find(
    (f) => f.api && (ITEM_DIMENSIONS.has(f.api) || f.api.startsWith('customItem:')),
  );
  const event = metrics.find(
    (f) => f.api && (EVENT_METRICS.has(f.api) || f.api.startsWith('customEvent:')),
  );
  if (item && event) {
    return `Google Analytics cannot combine the item dimension "${item.name}" with the event metric "${event.name}". Use item metrics (Items viewed, Item revenue) with "${item.name}", or remove one of them.`;
  }
  return undefined;
}
