import { writePath } from '@gds/contract/json-path';
import type { AdsEntity } from './sandbox-google-ads-entities.ts';
import { adsAttributeValue, adsEntities } from './sandbox-google-ads-entities.ts';
import { ADS_FIELDS, gaqlRefusal, searchAdsFields } from './sandbox-google-ads-field-service.ts';
import { googleAdsCustomerClients, googleAdsLoginRefusal } from './sandbox-google-ads-accounts.ts';
import type { SandboxReportApi } from './sandbox-report-api.ts';
import {
  errorAnswer,
  noSuchPath,
  notYours,
  pageToken,
  readPageToken,
} from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { adDay, seeded } from './sandbox-report-data.ts';

/** Google Ads rows per page here (the real API sends 10,000). */
const ADS_PAGE = 100;

/** The figures every row keeps, which the others are worked out from. */
const BASE: Readonly<Record<string, MetricRule>> = {
  impressions: 'sum',
  clicks: 'sum',
  cost_micros: 'sum',
  conversions: 'sum',
  conversions_value: 'sum',
  interactions: 'sum',
};

/** Google's own rates and averages, from the base figures. */
const KNOWN_RATIOS: Readonly<Record<string, MetricRule>> = {
  ctr: { ratio: ['clicks', 'impressions'] },
  average_cpc: { ratio: ['cost_micros', 'clicks'] },
  average_cpm: { ratio: ['cost_micros', 'impressions'], scale: 1000 },
  average_cost: { ratio: ['cost_micros', 'interactions'] },
  interaction_rate: { ratio: ['interactions', 'impressions'] },
  cost_per_conversion: { ratio: ['cost_micros', 'conversions'] },
  value_per_conversion: { ratio: ['conversions_value', 'conversions'] },
  conversions_from_interactions_rate: { ratio: ['conversions', 'interactions'] },
  conversions_value_per_cost: { ratio: ['conversions_value', 'cost_micros'], scale: 1_000_000 },
};

const isRate = (m: string) =>
  /(^|_)(ctr|rate)(_|$)|impression_share|impression_percentage|click_share|viewability|measurability|percent_new_visitors/.test(
    m,
  );

/**
 * How a metric the sandbox has no own model for combines, and what it is a share of: rates of
 * impressions, money averages per click, values per conversion, per-cost ratios, and counts
 * and amounts that add up.
 */
function metricRule(m: string): { rule: MetricRule; of?: string; scale?: number } {
  const known = BASE[m] ?? KNOWN_RATIOS[m];
  if (known) return { rule: known };
  const part = `${m}#part`;
  if (isRate(m)) return { rule: { ratio: [part, 'impressions'] }, of: 'impressions', scale: 1 };
  if (/per_cost$/.test(m)) {
    return { rule: { ratio: [part, 'cost_micros'], scale: 1_000_000 }, of: 'conversions_value' };
  }
  if (/^value_per_/.test(m))
    return { rule: { ratio: [part, 'conversions'] }, of: 'conversions_value' };
  if (/^(average_c|cost_per_|active_view_cpm)/.test(m)) {
    return { rule: { ratio: [part, 'clicks'] }, of: 'cost_micros' };
  }
  if (/^average_|quality_score/.test(m)) {
    return { rule: { ratio: [part, 'clicks'] }, of: 'clicks', scale: 10 };
  }
  if (/_micros$/.test(m)) return { rule: 'sum', of: 'cost_micros' };
  if (/conversions/.test(m)) return { rule: 'sum', of: 'conversions' };
  return { rule: 'sum', of: /impressions/.test(m) ? 'impressions' : 'clicks' };
}

/** A metric's day figure for a row: a stable share of the base figure it derives from. */
function metricFigure(customer: string, m: string, base: Record<string, number>): number {
  const { rule, of, scale = 1 } = metricRule(m);
  const share = (0.05 + 0.9 * seeded(customer, m)) * scale;
  const value = (base[of ?? 'clicks'] ?? 0) * share;
  // A rate's hidden part keeps its fraction, so a small row's rate is not rounded away.
  if (typeof rule === 'object') return Math.round(value * 10_000) / 10_000;
  return Number.isInteger(base[of ?? 'clicks']) ? Math.round(value) : Math.round(value * 100) / 100;
}

/** Devices and their share of the traffic, when a report asks by device. */
const DEVICES: ReadonlyArray<readonly [string, number]> = [
  ['MOBILE', 0.58],
  ['DESKTOP', 0.35],
  ['TABLET', 0.07],
];

/** Segments that come from the day itself. */
function daySegment(field: string, day: string): string | number | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  const month = date.getUTCMonth();
  switch (field) {
    case 'segments.week': {
      const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 864e5);
      return monday.toISOString().slice(0, 10);
    }
    case 'segments.month':
      return `${day.slice(0, 7)}-01`;
    case 'segments.quarter':
      return `${day.slice(0, 4)}-${String(month - (month % 3) + 1).padStart(2, '0')}-01`;
    case 'segments.year':
      return date.getUTCFullYear();
    case 'segments.day_of_week':
      return ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'][
        date.getUTCDay()
      ];
    default:
      return undefined;
  }
}

/** Ids of the things whose attributes a query asks: rows stay apart per thing, as Google's. */
const RESOURCE_KEYS = [
  'campaign',
  'ad_group',
  'ad_group_ad',
  'ad_group_criterion',
  'search_term_view',
];

/**
 * Google Ads' googleAds:search with a GAQL query FROM a report resource between two dates, and
 * its field service: every selectable field has figures, and what Google refuses is refused.
 */
export const googleAdsReports: SandboxReportApi = {
  answer(call) {
    if (call.path === 'googleAdsFields:search' && call.method === 'POST') {
      return searchAdsFields(call.body ?? {});
    }
    const match = /^customers\/([^/]+)\/googleAds:search$/.exec(call.path);
    if (!match || call.method !== 'POST') return noSuchPath(call);
    const customer = match[1] ?? '';
    const body = (call.body ?? {}) as { query?: string; pageToken?: string };
    if (/\bFROM\s+customer_client\b/i.test(body.query ?? '')) {
      return googleAdsCustomerClients(call, customer);
    }
    if (!call.accounts.has(customer)) return notYours(customer);
    const refused = googleAdsLoginRefusal(call, customer);
    if (refused) return refused;
    const query = parseGaql(body.query ?? '');
    if (!query) {
      return errorAnswer(
        400,
        'Error in query: expected SELECT … FROM <resource> WHERE segments.date BETWEEN … AND ….',
      );
    }
    const refusal = gaqlRefusal(query.resource, query.fields);
    if (refusal) return errorAnswer(400, refusal);
    const asked = askedDays(call, customer, query.start, query.end);
    if (!('days' in asked)) return errorAnswer(400, 'Error in query: the date range is not valid.');
    const metrics = query.fields.filter((f) => f.startsWith('metrics.')).map((f) => f.slice(8));
    const dimensions = query.fields.filter((f) => !f.startsWith('metrics.'));
    const rules: Record<string, MetricRule> = { ...BASE };
    for (const m of metrics) {
      const { rule } = metricRule(m);
      rules[m] = rule;
      // A rate's hidden part is summed over the group, then divided.
      if (typeof rule === 'object' && rule.ratio[0] === `${m}#part`) rules[`${m}#part`] = 'sum';
    }
    const byDevice = dimensions.includes('segments.device');
    const entities = adsEntities(customer, query.resource);
    const records: DayRecord[] = asked.days.flatMap((day) =>
      entities.flatMap((entity) =>
        (byDevice ? DEVICES : [['', 1] as const]).map(([device, share]) =>
          record(customer, day, entity, device, share, dimensions, metrics),
        ),
      ),
    );
    const by = [
      ...RESOURCE_KEYS.filter((r) =>
        dimensions.some(
          (d) =>
            d.startsWith(`${r}.`) || (r === 'search_term_view' && d.startsWith('segments.keyword')),
        ),
      ).map((r) => `#${r}`),
      ...dimensions.map((d) => (d === 'segments.date' ? 'date' : d)),
    ];
    const rows = aggregate(
      {
        connector: call.connector.nameSimple,
        account: customer,
        now: call.now,
        by,
        metrics: rules,
      },
      records,
    );
    const results = rows.map(({ keys, first, values }) => {
      let result: unknown = {};
      for (const field of query.fields) {
        const value = field.startsWith('metrics.')
          ? metricValue(field, values[field.slice(8)] ?? 0)
          : field === 'segments.date'
            ? first
            : typedKey(field, keys[field] ?? '');
        result = writePath(result, camel(field), value);
      }
      const campaign = keys['#campaign'];
      if (campaign) {
        result = writePath(
          result,
          'campaign.resourceName',
          `customers/${customer}/campaigns/${campaign}`,
        );
      }
      return result;
    });
    const offset = readPageToken(body.pageToken);
    const next = offset + ADS_PAGE < results.length ? pageToken(offset + ADS_PAGE) : undefined;
    return {
      json: {
        results: results.slice(offset, offset + ADS_PAGE),
        fieldMask: query.fields.map(camel).join(','),
        ...(next ? { nextPageToken: next } : {}),
      },
    };
  },
};

/** One row's day: its share of the campaign's day, split by device when asked. */
function record(
  customer: string,
  day: string,
  entity: AdsEntity,
  device: string,
  deviceShare: number,
  dimensions: readonly string[],
  metrics: readonly string[],
): DayRecord {
  const f = adDay(customer, day, entity.campaign);
  const share = entity.share * deviceShare;
  const clicks = Math.round(f.clicks * share);
  const base: Record<string, number> = {
    impressions: Math.round(f.impressions * share),
    clicks,
    cost_micros: Math.round(f.cost * share * 1_000_000),
    conversions: Math.round(f.conversions * share * 100) / 100,
    conversions_value: Math.round(f.value * share * 100) / 100,
    interactions: clicks,
  };
  const keys: Record<string, string> = {};
  for (const [resource, id] of Object.entries(entity.ids)) keys[`#${resource}`] = id;
  for (const d of dimensions) {
    if (d === 'segments.date') continue;
    const value =
      d === 'segments.device'
        ? device
        : d === 'segments.hour'
          ? Math.floor(seeded(customer, day, Object.values(entity.ids).join('/')) * 24)
          : (daySegment(d, day) ?? adsAttributeValue(customer, entity, d));
    keys[d] = JSON.stringify(value);
  }
  const values = { ...base };
  for (const m of metrics) {
    if (m in base) continue;
    const rule = metricRule(m);
    values[typeof rule.rule === 'object' ? `${m}#part` : m] = metricFigure(customer, m, base);
  }
  return { day, keys, values };
}

/** A dimension's value as grouped (JSON, so numbers and booleans keep their type). */
const typedKey = (field: string, key: string): unknown => {
  if (key === '') return undefined;
  const value = JSON.parse(key) as unknown;
  return ADS_FIELDS.get(field)?.dataType === 'INT64' ? String(value) : value;
};

/** INT64 figures travel as strings in REST answers; doubles as numbers. */
function metricValue(field: string, value: number): string | number {
  const type = ADS_FIELDS.get(field)?.dataType;
  return type === 'INT64' ? String(Math.round(value)) : value;
}

function parseGaql(query: string) {
  const match =
    /^SELECT\s+(.+?)\s+FROM\s+(\w+)\s+WHERE\s+segments\.date\s+BETWEEN\s+'([\d-]+)'\s+AND\s+'([\d-]+)'\s*$/i.exec(
      query.trim(),
    );
  if (!match) return undefined;
  const fields = (match[1] ?? '').split(',').map((f) => f.trim());
  return { fields, resource: match[2] ?? '', start: match[3], end: match[4] };
}

/** REST answers name every part of a GAQL path in lowerCamelCase. */
const camel = (path: string) => path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
