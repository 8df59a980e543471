import { FACEBOOK_ADS_CONNECTOR } from '@gds/contract';
import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount, sameOrigin } from '../reports/report-base.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { toNumber } from '../reports/report-values.ts';
import { metaConflict, metaInsightsCatalogue } from './catalogues/meta-insights.catalogue.ts';
import { readMetaError } from './meta-errors.ts';
import { readMetaUsage } from './meta-usage.ts';

/** An Insights row as documented: numbers as strings, actions and video figures as typed lists. */
type InsightsRow = Readonly<Record<string, unknown>>;

type ActionList = Array<{ action_type?: string; value?: string }> | undefined;

/** The Insights field a catalogue field is asked as (a list's field, or the field itself). */
const asked = (api: string) => api.replace(/:.*$/, '').replace(/\[\]$/, '');

/** Our value of a field in a row, read as its `api` says (see the catalogue). */
function read(field: ReportField, row: InsightsRow): unknown {
  const api = field.api ?? '';
  if (api.startsWith('breakdown:')) return row[api.slice('breakdown:'.length)];
  const typed = /^(\w+):(.+)$/.exec(api);
  if (typed) {
    const list = row[typed[1] ?? ''] as ActionList;
    const value = list?.find((a) => a.action_type === typed[2])?.value;
    // No entry of a type in actions or values: none happened that day.
    if (value === undefined) return typed[1] === 'cost_per_action_type' ? null : 0;
    return toNumber(value);
  }
  if (api.endsWith('[]')) {
    const list = row[asked(api)] as ActionList;
    if (!list) return null;
    return list.reduce((sum, a) => sum + (toNumber(a.value) ?? 0), 0);
  }
  const value = row[api];
  if (field.concept === 'DIMENSION') return value;
  // Meta writes its rates as percentages (1.5 means 1.5 %); Looker Studio's PERCENT is a ratio.
  if (field.type === 'PERCENT') return percentToRatio(value);
  return toNumber(value);
}

/** The level of the rows: the finest object a field of is asked. */
function levelOf(apis: ReadonlySet<string>): string {
  if (apis.has('ad_id') || apis.has('ad_name')) return 'ad';
  if (apis.has('adset_id') || apis.has('adset_name')) return 'adset';
  if (apis.has('campaign_id') || apis.has('campaign_name')) return 'campaign';
  return 'account';
}

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
  fields: metaInsightsCatalogue,
  conflict: metaConflict,
  rows: readRows,
};

/** The first page's address: level, fields, breakdowns, daily increments, the range. */
function insightsUrl(context: FetchContext, wanted: readonly ReportField[]): string {
  const apis = wanted.map((f) => f.api ?? '');
  const fields = new Set(apis.filter((a) => !a.startsWith('breakdown:')).map(asked));
  fields.add('date_start');
  const breakdowns = apis.filter((a) => a.startsWith('breakdown:')).map((a) => a.slice(10));
  const account = context.request.account.externalId;
  const params = new URLSearchParams({
    level: levelOf(fields),
    fields: [...fields].join(','),
    time_range: JSON.stringify({
      since: context.request.dateRange.start,
      until: context.request.dateRange.end,
    }),
    time_increment: '1',
    limit: '500',
  });
  if (breakdowns.length > 0) params.set('breakdowns', breakdowns.join(','));
  const id = account.startsWith('act_') ? account : `act_${account}`;
  return `${context.base}/${encodeURIComponent(id)}/insights?${params.toString()}`;
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const wanted = context.catalogue.filter((f) => f.api && context.wants(f.id));
  const rows: ReportRow[] = [];
  let url: string | undefined = insightsUrl(context, wanted);
  for (let page = 0; url; page += 1) {
    checkPageCount(context, page);
    const answer = (await context.http.json(
      { url, headers: { Authorization: `Bearer ${context.request.accessToken}` } },
      context.scope,
    )) as { data?: InsightsRow[]; paging?: { next?: string } };
    for (const row of answer.data ?? []) {
      rows.push(Object.fromEntries(wanted.map((f) => [f.id, read(f, row)])));
    }
    url = answer.paging?.next ? sameOrigin(context, answer.paging.next) : undefined;
  }
  return rows;
}
