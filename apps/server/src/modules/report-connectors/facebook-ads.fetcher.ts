import { FACEBOOK_ADS_CONNECTOR } from '@gds/contract';
import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount, sameOrigin } from '../reports/report-base.ts';
import { DATE, dimension, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import { toNumber } from '../reports/report-values.ts';
import { readMetaError } from './meta-errors.ts';
import { readMetaUsage } from './meta-usage.ts';

/** An Insights row as documented: numbers as strings, actions as a typed list. */
interface InsightsRow {
  date_start?: string;
  campaign_id?: string;
  campaign_name?: string;
  country?: string;
  publisher_platform?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  inline_link_clicks?: string;
  spend?: string;
  ctr?: string;
  cpc?: string;
  cpm?: string;
  actions?: Array<{ action_type?: string; value?: string }>;
  action_values?: Array<{ action_type?: string; value?: string }>;
}

const actionOf = (list: InsightsRow['actions'], type: string) =>
  toNumber(list?.find((a) => a.action_type === type)?.value ?? '0');

/** Our field ids: the Insights field each needs, and how a row is read. */
const FIELDS: Readonly<Record<string, { api: string; read: (r: InsightsRow) => unknown }>> = {
  date: { api: 'date_start', read: (r) => r.date_start },
  campaign_id: { api: 'campaign_id', read: (r) => r.campaign_id },
  campaign: { api: 'campaign_name', read: (r) => r.campaign_name },
  country: { api: '', read: (r) => r.country },
  publisher_platform: { api: '', read: (r) => r.publisher_platform },
  impressions: { api: 'impressions', read: (r) => toNumber(r.impressions) },
  reach: { api: 'reach', read: (r) => toNumber(r.reach) },
  clicks: { api: 'clicks', read: (r) => toNumber(r.clicks) },
  link_clicks: { api: 'inline_link_clicks', read: (r) => toNumber(r.inline_link_clicks) },
  cost: { api: 'spend', read: (r) => toNumber(r.spend) },
  // Meta writes ctr as a percentage (1.5 means 1.5 %); Looker Studio's PERCENT is a ratio.
  ctr: { api: 'ctr', read: (r) => percentToRatio(r.ctr) },
  cpc: { api: 'cpc', read: (r) => toNumber(r.cpc) },
  cpm: { api: 'cpm', read: (r) => toNumber(r.cpm) },
  purchases: { api: 'actions', read: (r) => actionOf(r.actions, 'purchase') },
  leads: { api: 'actions', read: (r) => actionOf(r.actions, 'lead') },
  purchase_value: { api: 'action_values', read: (r) => actionOf(r.action_values, 'purchase') },
};

const BREAKDOWNS = ['country', 'publisher_platform'] as const;
const CAMPAIGN_FIELDS = ['campaign_id', 'campaign'];

function percentToRatio(value: unknown): number | null {
  const n = toNumber(value);
  return n === null ? null : n / 100;
}

/** Facebook Ads: the Marketing API's Insights edge of an ad account, one row per day. */
export const facebookAds: FetcherDefinition = {
  connector: FACEBOOK_ADS_CONNECTOR,
  defaultDateRangeDays: 28,
  // Insights answer the last 37 months in one call:
  // https://developers.facebook.com/docs/marketing-api/insights
  maxDaysPerCall: 1125,
  historyDays: 1125,
  // Actions are credited to the impression's day for up to the attribution window (28-day
  // click at the longest):
  // https://developers.facebook.com/blog/post/2025/10/16/ads-insights-api-metric-availability-updates/
  settleDays: 28,
  readError: readMetaError,
  readUsage: readMetaUsage,
  fields: (account) => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign name.'),
    dimension('country', 'Country', 'Where the ad was shown.', 'COUNTRY'),
    dimension(
      'publisher_platform',
      'Platform',
      'facebook, instagram, audience_network, messenger.',
    ),
    metric('impressions', 'Impressions', 'Times ads were on screen.'),
    metric('reach', 'Reach', 'People who saw the ads (not summable across days).', 'NUMBER', 'MAX'),
    metric('clicks', 'Clicks (all)', 'All clicks on the ads.'),
    metric('link_clicks', 'Link clicks', 'Clicks on links to the advertised destination.'),
    money(account, 'cost', 'Amount spent', 'Spend, in the ad account currency.'),
    ratioOf(percent('ctr', 'CTR (all)', 'Clicks per impression.'), 'clicks', 'impressions'),
    ratioOf(money(account, 'cpc', 'CPC (all)', 'Cost per click.'), 'cost', 'clicks'),
    ratioOf(
      money(account, 'cpm', 'CPM', 'Cost per 1,000 impressions.'),
      'cost',
      'impressions',
      1000,
    ),
    metric('purchases', 'Purchases', 'Purchase actions attributed to the ads.'),
    metric('leads', 'Leads', 'Lead actions attributed to the ads.'),
    money(account, 'purchase_value', 'Purchase value', 'Value of the purchases.'),
  ],
  rows: readRows,
};

/** The first page's address: level, fields, breakdowns, daily increments, the range. */
export function insightsUrl(context: Pick<FetchContext, 'base' | 'request' | 'wants'>): string {
  const wanted = Object.keys(FIELDS).filter(context.wants);
  const apiFields = new Set(wanted.map((id) => FIELDS[id]?.api).filter((f) => f));
  apiFields.add('date_start');
  const byCampaign = wanted.some((id) => CAMPAIGN_FIELDS.includes(id));
  const account = context.request.account.externalId;
  const params = new URLSearchParams({
    level: byCampaign ? 'campaign' : 'account',
    fields: [...apiFields].join(','),
    time_range: JSON.stringify({
      since: context.request.dateRange.start,
      until: context.request.dateRange.end,
    }),
    time_increment: '1',
    limit: '500',
  });
  const breakdowns = BREAKDOWNS.filter((b) => context.wants(b));
  if (breakdowns.length > 0) params.set('breakdowns', breakdowns.join(','));
  const id = account.startsWith('act_') ? account : `act_${account}`;
  return `${context.base}/${encodeURIComponent(id)}/insights?${params.toString()}`;
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const wanted = Object.keys(FIELDS).filter(context.wants);
  const rows: ReportRow[] = [];
  let url: string | undefined = insightsUrl(context);
  for (let page = 0; url; page += 1) {
    checkPageCount(context, page);
    const answer = (await context.http.json(
      { url, headers: { Authorization: `Bearer ${context.request.accessToken}` } },
      context.scope,
    )) as { data?: InsightsRow[]; paging?: { next?: string } };
    for (const row of answer.data ?? []) {
      rows.push(Object.fromEntries(wanted.map((id) => [id, FIELDS[id]?.read(row)])));
    }
    url = answer.paging?.next ? sameOrigin(context, answer.paging.next) : undefined;
  }
  return rows;
}
