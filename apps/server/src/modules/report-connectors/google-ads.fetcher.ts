import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { DATE, dimension, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import { fromMicros, toNumber } from '../reports/report-values.ts';

/**
 * Our field ids and the GAQL field each reads (REST answers name them in lowerCamelCase:
 * metrics.cost_micros arrives as metrics.costMicros). Money is in micros of the account's
 * currency; GAQL's ctr is a ratio already.
 */
const GAQL: Readonly<Record<string, { select: string; read: (r: SearchRow) => unknown }>> = {
  date: { select: 'segments.date', read: (r) => r.segments?.date },
  campaign_id: { select: 'campaign.id', read: (r) => r.campaign?.id },
  campaign: { select: 'campaign.name', read: (r) => r.campaign?.name },
  campaign_status: { select: 'campaign.status', read: (r) => r.campaign?.status },
  device: { select: 'segments.device', read: (r) => r.segments?.device },
  network: { select: 'segments.ad_network_type', read: (r) => r.segments?.adNetworkType },
  impressions: { select: 'metrics.impressions', read: (r) => toNumber(r.metrics?.impressions) },
  clicks: { select: 'metrics.clicks', read: (r) => toNumber(r.metrics?.clicks) },
  cost: { select: 'metrics.cost_micros', read: (r) => fromMicros(r.metrics?.costMicros) },
  ctr: { select: 'metrics.ctr', read: (r) => toNumber(r.metrics?.ctr) },
  average_cpc: { select: 'metrics.average_cpc', read: (r) => fromMicros(r.metrics?.averageCpc) },
  conversions: { select: 'metrics.conversions', read: (r) => toNumber(r.metrics?.conversions) },
  conversions_value: {
    select: 'metrics.conversions_value',
    read: (r) => toNumber(r.metrics?.conversionsValue),
  },
};

interface SearchRow {
  campaign?: { id?: string; name?: string; status?: string };
  segments?: { date?: string; device?: string; adNetworkType?: string };
  metrics?: Record<string, string | number | undefined>;
}

/** Google Ads: a GAQL query on the campaign resource through googleAds:search. */
export const googleAds: FetcherDefinition = {
  connector: 'google-ads',
  defaultDateRangeDays: 28,
  // Google Ads keeps daily metrics for 11 years; one report is limited to a sensible span.
  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Conversions are credited to the day of the click for up to the conversion window (30
  // days by default), so a recent day's conversions keep growing.
  settleDays: 30,
  fields: (account) => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign name.'),
    dimension('campaign_status', 'Campaign status', 'ENABLED, PAUSED or REMOVED.'),
    dimension('device', 'Device', 'MOBILE, DESKTOP, TABLET, ...'),
    dimension('network', 'Network', 'SEARCH, CONTENT, YOUTUBE_WATCH, ...'),
    metric('impressions', 'Impressions', 'Times an ad was shown.'),
    metric('clicks', 'Clicks', 'Clicks on ads.'),
    money(account, 'cost', 'Cost', 'Spend, in the account currency.'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    ratioOf(money(account, 'average_cpc', 'Avg. CPC', 'Cost per click.'), 'cost', 'clicks'),
    metric('conversions', 'Conversions', 'Conversions counted by the account.'),
    money(account, 'conversions_value', 'Conversion value', 'Value of the conversions.'),
  ],
  rows: readRows,
};

/** The GAQL query for the wanted fields, over the range (dates are plain YYYY-MM-DD). */
export function gaqlQuery(context: Pick<FetchContext, 'wants' | 'request'>): string {
  const wanted = Object.keys(GAQL).filter(context.wants);
  // A query needs one selected field; the campaign id keeps rows per campaign.
  const select = wanted.length > 0 ? wanted.map((id) => GAQL[id]?.select) : ['campaign.id'];
  const { start, end } = context.request.dateRange;
  return `SELECT ${select.join(', ')} FROM campaign WHERE segments.date BETWEEN '${start}' AND '${end}'`;
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
  const wanted = Object.keys(GAQL).filter(context.wants);
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
    )) as { results?: SearchRow[]; nextPageToken?: string };
    for (const result of answer.results ?? []) {
      rows.push(Object.fromEntries(wanted.map((id) => [id, GAQL[id]?.read(result)])));
    }
    pageToken = answer.nextPageToken;
    if (!pageToken) return rows;
  }
}
