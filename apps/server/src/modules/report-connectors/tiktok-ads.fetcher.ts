import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { windows } from '../reports/report-dates.ts';
import type { ProviderErrorReading } from '../reports/report-failures.ts';
import { DATE, dimension, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import { toNumber } from '../reports/report-values.ts';

/** Daily reports cover at most 30 days per call. */
const WINDOW_DAYS = 30;
const PAGE_SIZE = 1000;

/**
 * TikTok answers errors inside a 200, as `code`: 40100 is its rate limit, 40102 to 40105 an
 * expired, empty or invalid token, 5xxxx its own failures.
 */
const readTikTokError: ProviderErrorReading = (_status, body) => {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'number' || code === 0) return undefined;
  if (code === 40100) return 'rate_limited';
  if (code >= 40102 && code <= 40105) return 'reconnect';
  if (code >= 50000) return 'unavailable';
  return 'invalid_request';
};

interface Answer {
  data?: {
    list?: Array<{ dimensions?: Record<string, string>; metrics?: Record<string, string> }>;
    page_info?: { page?: number; total_page?: number };
  };
}

/** TikTok Ads: the Business API's integrated (synchronous) report, by day and campaign. */
export const tiktokAds: FetcherDefinition = {
  connector: 'tiktok-ads',
  defaultDateRangeDays: 28,

  maxDaysPerCall: 365,
  historyDays: 365,
  // Conversions are credited back for the attribution window (up to 28-day click).
  settleDays: 28,
  readError: readTikTokError,
  fields: (account) => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign name.'),
    metric('impressions', 'Impressions', 'Times ads were shown.'),
    metric('reach', 'Reach', 'People who saw ads.', 'NUMBER', 'MAX'),
    metric('clicks', 'Clicks', 'Clicks on ads.'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    money(account, 'cost', 'Cost', 'Spend, in the account currency.'),
    metric('conversions', 'Conversions', 'Conversions attributed to ads.'),
  ],
  async rows(context) {
    const byCampaign = context.wants('campaign_id') || context.wants('campaign');
    const dimensions = byCampaign ? ['campaign_id', 'stat_time_day'] : ['stat_time_day'];
    const metrics = [
      'impressions',
      'reach',
      'clicks',
      'ctr',
      'spend',
      'conversion',
      ...(byCampaign ? ['campaign_name'] : []),
    ];
    const rows: ReportRow[] = [];
    for (const window of windows(context.request.dateRange, WINDOW_DAYS)) {
      for (let page = 1; ; page += 1) {
        checkPageCount(context, page - 1);
        const params = new URLSearchParams({
          advertiser_id: context.request.account.externalId,
          report_type: 'BASIC',
          data_level: byCampaign ? 'AUCTION_CAMPAIGN' : 'AUCTION_ADVERTISER',
          dimensions: JSON.stringify(dimensions),
          metrics: JSON.stringify(metrics),
          start_date: window.start,
          end_date: window.end,
          page: String(page),
          page_size: String(PAGE_SIZE),
        });
        const answer = (await context.http.json(
          {
            url: `${context.base}/report/integrated/get/?${params.toString()}`,
            headers: { 'Access-Token': context.request.accessToken },
          },
          context.scope,
        )) as Answer;
        for (const item of answer.data?.list ?? []) {
          const m = item.metrics ?? {};
          rows.push({
            date: item.dimensions?.stat_time_day?.slice(0, 10),
            campaign_id: item.dimensions?.campaign_id,
            campaign: m.campaign_name,
            impressions: toNumber(m.impressions),
            reach: toNumber(m.reach),
            clicks: toNumber(m.clicks),
            // TikTok writes ctr as a percentage.
            ctr: toNumber(m.ctr) === null ? null : (toNumber(m.ctr) ?? 0) / 100,
            cost: toNumber(m.spend),
            conversions: toNumber(m.conversion),
          });
        }
        if (page >= (answer.data?.page_info?.total_page ?? 0)) break;
      }
    }
    return rows;
  },
};
