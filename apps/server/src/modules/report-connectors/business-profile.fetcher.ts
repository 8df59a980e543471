import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { dayFromParts, dayParts } from '../reports/report-dates.ts';
import { DATE, metric } from '../reports/report-fields.ts';
import { bearer, lastPart } from '../reports/report-groups.ts';
import { toNumber } from '../reports/report-values.ts';

/** Our metric ids and the Business Profile Performance API's DailyMetric names. */
const METRICS: Readonly<Record<string, string>> = {
  maps_views_desktop: 'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  maps_views_mobile: 'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  search_views_desktop: 'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  search_views_mobile: 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  direction_requests: 'BUSINESS_DIRECTION_REQUESTS',
  calls: 'CALL_CLICKS',
  website_clicks: 'WEBSITE_CLICKS',
};

interface Answer {
  multiDailyMetricTimeSeries?: Array<{
    dailyMetricTimeSeries?: Array<{
      dailyMetric?: string;
      timeSeries?: { datedValues?: Array<{ date?: unknown; value?: string }> };
    }>;
  }>;
}

/** Google Business Profile: fetchMultiDailyMetricsTimeSeries of a location. */
export const businessProfile: FetcherDefinition = {
  connector: 'google-business-profile',
  defaultDateRangeDays: 28,
  // Performance data goes back 18 months.
  maxDaysPerCall: 540,
  historyDays: 540,
  // Performance data arrives a few days late.
  settleDays: 5,
  fields: () => [
    DATE,
    metric('maps_views_desktop', 'Maps views (desktop)', 'Profile views on Google Maps, desktop.'),
    metric('maps_views_mobile', 'Maps views (mobile)', 'Profile views on Google Maps, mobile.'),
    metric('search_views_desktop', 'Search views (desktop)', 'Profile views in Search, desktop.'),
    metric('search_views_mobile', 'Search views (mobile)', 'Profile views in Search, mobile.'),
    metric('direction_requests', 'Direction requests', 'Requests for directions.'),
    metric('calls', 'Calls', 'Taps on the call button.'),
    metric('website_clicks', 'Website clicks', 'Clicks to the website.'),
  ],
  async rows(context) {
    const start = dayParts(context.request.dateRange.start);
    const end = dayParts(context.request.dateRange.end);
    const params = new URLSearchParams();
    for (const name of Object.values(METRICS)) params.append('dailyMetrics', name);
    for (const [edge, parts] of [
      ['start_date', start],
      ['end_date', end],
    ] as const) {
      params.set(`dailyRange.${edge}.year`, String(parts.year));
      params.set(`dailyRange.${edge}.month`, String(parts.month));
      params.set(`dailyRange.${edge}.day`, String(parts.day));
    }
    const location = encodeURIComponent(lastPart(context.request.account.externalId));
    const answer = (await context.http.json(
      {
        url: `${context.base}/locations/${location}:fetchMultiDailyMetricsTimeSeries?${params.toString()}`,
        headers: bearer(context),
      },
      context.scope,
    )) as Answer;
    const byDay = new Map<string, Record<string, unknown>>();
    for (const multi of answer.multiDailyMetricTimeSeries ?? []) {
      for (const series of multi.dailyMetricTimeSeries ?? []) {
        const id = Object.keys(METRICS).find((k) => METRICS[k] === series.dailyMetric);
        for (const point of series.timeSeries?.datedValues ?? []) {
          const day = dayFromParts(point.date);
          if (!id || !day) continue;
          const row = byDay.get(day) ?? { date: day };
          // A day without a value had none of it: the API leaves zeros out.
          row[id] = toNumber(point.value ?? '0');
          byDay.set(day, row);
        }
      }
    }
    return [...byDay.values()] as ReportRow[];
  },
};
