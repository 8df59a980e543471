import { currencyType } from '../../reports/report-fields.ts';
import type { ReportAccount, ReportField, SemanticType } from '../../reports/report-fetcher.ts';
import type { GoogleAdsField } from './google-ads-resources.ts';
import { REPORT_RESOURCES, resourceLabel, resourcesOf } from './google-ads-resources.ts';

/**
 * Google Ads' field service answer (`googleAdsFields:search`) read as our fields:
 * https://developers.google.com/google-ads/api/rest/reference/rest/v20/googleAdsFields
 * https://developers.google.com/google-ads/api/docs/concepts/field-service
 * Every selectable attribute, segment and metric of the campaign, ad group, ad, keyword and
 * search-term reports, with the reports (GAQL FROM resources) that answer it and the segments
 * a metric cannot be selected with.
 */

/** Money GAQL sends in millionths of the currency (cost_micros, average_cpc, cost_per_conversion). */
export const inMicros = (api: string) =>
  /_micros$/.test(api) ||
  /^metrics\.(average_c(pc|pm|pe|pv|ost)|cost_per_\w+|active_view_cpm)$/.test(api);

/** Amounts GAQL sends in the currency itself (conversions_value, value_per_conversion). */
const inCurrency = (api: string) =>
  api.startsWith('metrics.') && /value/.test(api) && !/per_cost/.test(api);

/** Ratios Looker Studio shows as percents (GAQL sends them as 0–1 fractions). */
const isRatio = (api: string) =>
  /(^|[._])(ctr|rate)(_|$)|impression_share|impression_percentage|click_share|viewability|measurability|percent_new_visitors/.test(
    api,
  );

/** Averages and per-something figures Google computes for the range; the rest add up. */
const averages = (api: string) =>
  isRatio(api) || /\.average_|_per_|per_cost|quality_score|_cp[cmve]$/.test(api);

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  ctr: 'CTR',
  cpc: 'CPC',
  cpm: 'CPM',
  cpv: 'CPV',
  cpe: 'CPE',
  cpa: 'CPA',
  roas: 'ROAS',
  id: 'ID',
  url: 'URL',
  p25: 'P25',
  p50: 'P50',
  p75: 'P75',
  p100: 'P100',
};

/** Our id's start for each resource's attributes (`ad_group_criterion.keyword.text` → keyword_text). */
const ID_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['ad_group_ad.ad.', 'ad_'],
  ['ad_group_ad.', 'ad_'],
  ['ad_group_criterion.keyword.', 'keyword_'],
  ['ad_group_criterion.', 'keyword_'],
  ['search_term_view.', 'search_term_'],
  ['customer.', 'account_'],
  ['metrics.', ''],
  ['segments.', ''],
];

/** A GAQL name as one of our ids: `metrics.cost_micros` → `cost`, `campaign.name` → `campaign_name`. */
export function googleAdsId(api: string): string {
  const prefix = ID_PREFIXES.find(([p]) => api.startsWith(p));
  const rest = prefix ? prefix[1] + api.slice(prefix[0].length) : api;
  return (
    rest
      .replace(/_micros$/, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      // A word its prefix already says once (`ad_ad_strength`, `search_term_search_term`).
      .replace(/(^|_)([a-z0-9_]+?)_\2(?=_|$)/, '$1$2')
  );
}

/** What Looker Studio shows for an id: `average_cpc` → `Average CPC`. */
const labelOf = (id: string) => {
  const words = id.split('_').map((w) => ABBREVIATIONS[w] ?? w);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Where the field explorer files a field: its resource, or its kind of segment or metric. */
function groupOf(field: GoogleAdsField, api: string): string {
  if (field.category === 'ATTRIBUTE') return resourceLabel(api.split('.')[0] ?? '');
  if (field.category === 'SEGMENT') {
    return field.dataType === 'DATE' || /\.(day_of_week|hour|year)$/.test(api)
      ? 'Time'
      : 'Segments';
  }
  if (/conversion/.test(api)) return 'Conversions';
  if (/impression_share|impression_percentage|click_share/.test(api)) return 'Competitive metrics';
  if (/video|cpv/.test(api)) return 'Video';
  if (/active_view/.test(api)) return 'Active View';
  if (/quality/.test(api)) return 'Quality';
  return 'Performance';
}

function typeOf(account: ReportAccount, field: GoogleAdsField, api: string): SemanticType {
  const metric = field.category === 'METRIC';
  if (field.dataType === 'DATE') return 'YEAR_MONTH_DAY';
  if (field.dataType === 'BOOLEAN') return 'BOOLEAN';
  if (inMicros(api) || (metric && inCurrency(api))) return currencyType(account);
  if (metric && isRatio(api)) return 'PERCENT';
  if (api === 'metrics.average_time_on_site') return 'DURATION';
  const number = ['INT32', 'INT64', 'DOUBLE', 'FLOAT'].includes(field.dataType ?? '');
  // Ids are names of things, not amounts: summing them means nothing.
  return number && !/(\.|_)id$/.test(api) ? 'NUMBER' : 'TEXT';
}

/** Kinds of value a report can show (messages and resource names are not). */
const SHOWN = new Set(['BOOLEAN', 'DATE', 'DOUBLE', 'ENUM', 'FLOAT', 'INT32', 'INT64', 'STRING']);

/**
 * The account's fields from the field service's artifacts: the documented fields keep their
 * ids, names and period rules (reports already use them) and gain what the provider says;
 * every other selectable, non-repeated field of the report resources gets an id of its own.
 */
export function googleAdsFields(
  account: ReportAccount,
  artifacts: readonly GoogleAdsField[],
  documented: readonly ReportField[],
): ReportField[] {
  const byName = new Map(artifacts.map((a) => [a.name ?? '', a]));
  const resources = REPORT_RESOURCES.map((name) => byName.get(name)).filter(
    (r): r is GoogleAdsField => r !== undefined,
  );
  const byApi = new Map(documented.map((f) => [f.api, f]));
  const taken = new Set(documented.map((f) => f.id));
  const kept: Array<{ field: ReportField; artifact: GoogleAdsField }> = [];
  for (const artifact of artifacts) {
    const api = artifact.name ?? '';
    if (!artifact.selectable || artifact.isRepeated || !SHOWN.has(artifact.dataType ?? '')) {
      continue;
    }
    if (artifact.category === 'METRIC' && artifact.dataType === 'ENUM') continue;
    const reports = resourcesOf(artifact, resources);
    if (reports.length === 0) continue;
    const known = byApi.get(api);
    const group = groupOf(artifact, api);
    if (known) {
      kept.push({ field: { ...known, group, resources: reports }, artifact });
      continue;
    }
    const base = googleAdsId(api);
    const id = taken.has(base) ? `gads_${base}` : base;
    if (!/^[a-z][a-z0-9_]*$/.test(id) || taken.has(id)) continue;
    taken.add(id);
    kept.push({ field: describe(account, artifact, api, id, group, reports), artifact });
  }
  return withSegmentRefusals(kept);
}

function describe(
  account: ReportAccount,
  artifact: GoogleAdsField,
  api: string,
  id: string,
  group: string,
  reports: readonly string[],
): ReportField {
  const values = (artifact.enumValues ?? []).filter((v) => !/^(UNSPECIFIED|UNKNOWN)$/.test(v));
  const description =
    `Google Ads' ${api}` +
    (values.length > 0 ? `: ${values.join(', ')}.` : '.') +
    ` In the ${reports.map((r) => resourceLabel(r).toLowerCase()).join(', ')} reports.`;
  const field: ReportField = {
    id,
    name: labelOf(id),
    description,
    concept: artifact.category === 'METRIC' ? 'METRIC' : 'DIMENSION',
    type: typeOf(account, artifact, api),
    group,
    api,
    resources: reports,
  };
  if (field.concept !== 'METRIC') return field;
  // A count or amount per day sums to the period's; Google's averages and rates do not.
  return averages(api)
    ? { ...field, aggregation: 'AVG' }
    : { ...field, aggregation: 'SUM', rollup: 'sum' };
}

/**
 * A segment and a metric that the field service says are not selectable together (conversion
 * action segments beside clicks): each names the other in `incompatibleWith`.
 */
function withSegmentRefusals(
  kept: ReadonlyArray<{ field: ReportField; artifact: GoogleAdsField }>,
): ReportField[] {
  const segments = kept.filter((k) => k.artifact.category === 'SEGMENT');
  const metrics = kept.filter((k) => k.artifact.category === 'METRIC');
  const refused = new Map<string, string[]>();
  const refuse = (a: string, b: string) => refused.set(a, [...(refused.get(a) ?? []), b]);
  for (const s of segments) {
    const withSegment = new Set(s.artifact.selectableWith ?? []);
    for (const m of metrics) {
      const withMetric = new Set(m.artifact.selectableWith ?? []);
      if (withSegment.has(m.artifact.name ?? '') && withMetric.has(s.artifact.name ?? '')) continue;
      refuse(s.field.id, m.field.id);
      refuse(m.field.id, s.field.id);
    }
  }
  return kept.map(({ field }) => {
    const ids = refused.get(field.id);
    return ids ? { ...field, incompatibleWith: ids } : field;
  });
}
