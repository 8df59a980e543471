import { readPath } from '@gds/contract/json-path';
import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { DATE, dimension, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { fromMicros, toNumber } from '../reports/report-values.ts';
import { googleAdsFields, inMicros } from './catalogues/google-ads-fields.ts';
import type { GoogleAdsField } from './catalogues/google-ads-resources.ts';
import { googleAdsConflict, reportResource } from './catalogues/google-ads-resources.ts';

/** A field with the GAQL name it reads. */
const gaql = (api: string, field: ReportField): ReportField => ({ ...field, api });

/**
 * What the field service is asked: every artifact with what decides selectability (its
 * answer is read client-side, since GAQL's WHERE has no OR to name five resources' fields).
 * https://developers.google.com/google-ads/api/rest/reference/rest/v20/googleAdsFields/search
 */
const FIELD_QUERY =
  'SELECT name, category, data_type, selectable, filterable, sortable, selectable_with, ' +
  'attribute_resources, metrics, segments, enum_values, is_repeated ' +
  "WHERE category IN ('RESOURCE', 'ATTRIBUTE', 'SEGMENT', 'METRIC')";

/** Google Ads: GAQL queries through googleAds:search, on the resource the fields ask for. */
export const googleAds: FetcherDefinition = {
  connector: 'google-ads',
  defaultDateRangeDays: 28,
  // Google Ads keeps daily metrics for 11 years; one report is limited to a sensible span.
  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Conversions are credited to the day of the click for up to the conversion window (30
  // days by default), so a recent day's conversions keep growing.
  settleDays: 30,
  // The fields every account has; the account's full list comes from the field service.
  fields: (account) => [
    gaql('segments.date', DATE),
    gaql('campaign.id', dimension('campaign_id', 'Campaign ID', 'The campaign id.')),
    gaql('campaign.name', dimension('campaign', 'Campaign', 'The campaign name.')),
    gaql(
      'campaign.status',
      dimension('campaign_status', 'Campaign status', 'ENABLED, PAUSED or REMOVED.'),
    ),
    gaql('segments.device', dimension('device', 'Device', 'MOBILE, DESKTOP, TABLET, ...')),
    gaql(
      'segments.ad_network_type',
      dimension('network', 'Network', 'SEARCH, CONTENT, YOUTUBE_WATCH, ...'),
    ),
    gaql('metrics.impressions', metric('impressions', 'Impressions', 'Times an ad was shown.')),
    gaql('metrics.clicks', metric('clicks', 'Clicks', 'Clicks on ads.')),
    gaql('metrics.cost_micros', money(account, 'cost', 'Cost', 'Spend, in the account currency.')),
    // GAQL's ctr is a ratio already.
    gaql(
      'metrics.ctr',
      ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    ),
    gaql(
      'metrics.average_cpc',
      ratioOf(money(account, 'average_cpc', 'Avg. CPC', 'Cost per click.'), 'cost', 'clicks'),
    ),
    gaql(
      'metrics.conversions',
      metric('conversions', 'Conversions', 'Conversions counted by the account.'),
    ),
    gaql(
      'metrics.conversions_value',
      money(account, 'conversions_value', 'Conversion value', 'Value of the conversions.'),
    ),
  ],
  metadata: readFieldService,
  conflict: googleAdsConflict,
  rows: readRows,
};

/** The account's fields as the field service lists them (one call, paged as it answers). */
async function readFieldService(context: FetchContext): Promise<ReportField[]> {
  const artifacts: GoogleAdsField[] = [];
  let pageToken: string | undefined;
  for (let page = 0; ; page += 1) {
    checkPageCount(context, page);
    const answer = (await context.http.json(
      {
        url: `${context.base}/googleAdsFields:search`,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${context.request.accessToken}`,
          'developer-token': context.provider.values.developerToken,
        },
        json: { query: FIELD_QUERY, ...(pageToken ? { pageToken } : {}) },
      },
      context.scope,
    )) as { results?: GoogleAdsField[]; nextPageToken?: string };
    artifacts.push(...(answer.results ?? []));
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  const account = context.request.account;
  return googleAdsFields(account, artifacts, googleAds.fields(account));
}

/** The asked fields GAQL selects, in catalogue order (filters' fields too). */
function selected(context: Pick<FetchContext, 'wants' | 'catalogue'>): ReportField[] {
  return context.catalogue.filter((f) => f.api && context.wants(f.id));
}

/**
 * The GAQL query for the wanted fields, over the range (dates are plain YYYY-MM-DD), FROM the
 * least detailed resource that has them all.
 */
export function gaqlQuery(context: Pick<FetchContext, 'wants' | 'request' | 'catalogue'>): string {
  const fields = selected(context);
  // A query needs one selected field; the campaign id keeps rows per campaign.
  const select = fields.length > 0 ? fields.map((f) => f.api) : ['campaign.id'];
  const { start, end } = context.request.dateRange;
  return `SELECT ${select.join(', ')} FROM ${reportResource(fields)} WHERE segments.date BETWEEN '${start}' AND '${end}'`;
}

/**
 * A field's value in one result: REST answers name fields in lowerCamelCase at their GAQL
 * path (metrics.cost_micros arrives as metrics.costMicros); money in micros becomes currency.
 */
function readValue(result: unknown, field: ReportField): unknown {
  const api = field.api ?? '';
  const value = readPath(
    result,
    api.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
  );
  if (inMicros(api)) return fromMicros(value);
  return field.concept === 'METRIC' ? toNumber(value) : value;
}

/** The customer id as the API wants it: no resource prefix, no dashes of the 123-456-7890 form. */
export function customerId(externalId: string): string {
  const id = externalId.replace(/^customers\//, '');
  return /^\d{3}-\d{3}-\d{4}$/.test(id) ? id.replace(/-/g, '') : id;
}

/**
 * A client reached through a manager account is read logged in as that manager (discovery
 * stored its id); without the header Google refuses the call. Direct accounts need none.
 */
export function loginCustomerHeader(
  context: Pick<FetchContext, 'request'>,
): Record<string, string> {
  const manager = context.request.account.details?.loginCustomerId;
  return manager ? { 'login-customer-id': customerId(manager) } : {};
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const customer = customerId(context.request.account.externalId);
  const query = gaqlQuery(context);
  const wanted = selected(context);
  const rows: ReportRow[] = [];
  let pageToken: string | undefined;
  for (let page = 0; ; page += 1) {
    checkPageCount(context, page);
    const answer = (await context.http.json(
      {
        url: `${context.base}/customers/${encodeURIComponent(customer)}/googleAds:search`,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${context.request.accessToken}`,
          'developer-token': context.provider.values.developerToken,
          ...loginCustomerHeader(context),
        },
        json: { query, ...(pageToken ? { pageToken } : {}) },
      },
      context.scope,
    )) as { results?: unknown[]; nextPageToken?: string };
    for (const result of answer.results ?? []) {
      rows.push(Object.fromEntries(wanted.map((f) => [f.id, readValue(result, f)])));
    }
    pageToken = answer.nextPageToken;
    if (!pageToken) return rows;
  }
}
