import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { windows } from '../reports/report-dates.ts';
import { DATE, metric, money } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { fromMicros, toNumber } from '../reports/report-values.ts';

/** Daily stats cover at most 31 days per call. */
const WINDOW_DAYS = 31;

interface Answer {
  timeseries_stats?: Array<{
    timeseries_stat?: {
      timeseries?: Array<{ start_time?: string; stats?: Record<string, unknown> }>;
    };
  }>;
}

/** Snapchat Ads: an ad account's daily stats (timeseries), one window of 31 days per call. */
export const snapchatAds: FetcherDefinition = {
  connector: 'snapchat-ads',
  defaultDateRangeDays: 28,

  maxDaysPerCall: 365,
  historyDays: 365,
  // Conversions are credited back for the attribution window (up to 28-day swipe).
  settleDays: 28,
  fields: (account) => [
    DATE,
    metric('impressions', 'Impressions', 'Times ads were shown.'),
    metric('swipes', 'Swipe ups', 'Swipes up on ads.'),
    money(account, 'cost', 'Spend', 'Spend, in the account currency.'),
    metric('purchases', 'Purchases', 'Purchases attributed to ads.'),
  ],
  async rows(context) {
    const account = encodeURIComponent(context.request.account.externalId);
    const rows: ReportRow[] = [];
    for (const window of windows(context.request.dateRange, WINDOW_DAYS)) {
      const end = new Date(Date.parse(`${window.end}T00:00:00Z`) + 864e5)
        .toISOString()
        .slice(0, 10);
      const params = new URLSearchParams({
        granularity: 'DAY',
        start_time: `${window.start}T00:00:00.000-00:00`,
        end_time: `${end}T00:00:00.000-00:00`,
        fields: 'impressions,swipes,spend,conversion_purchases',
      });
      const answer = (await context.http.json(
        {
          url: `${context.base}/adaccounts/${account}/stats?${params.toString()}`,
          headers: bearer(context),
        },
        context.scope,
      )) as Answer;
      for (const point of answer.timeseries_stats?.[0]?.timeseries_stat?.timeseries ?? []) {
        rows.push({
          date: point.start_time?.slice(0, 10),
          impressions: toNumber(point.stats?.impressions),
          swipes: toNumber(point.stats?.swipes),
          // Spend comes in micro-currency.
          cost: fromMicros(point.stats?.spend),
          purchases: toNumber(point.stats?.conversion_purchases),
        });
      }
    }
    return rows;
  },
};
