import type { SandboxReportApi } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours, rangeDays } from './sandbox-report-api.ts';
import { dailyCount, seeded } from './sandbox-report-data.ts';

const QUERIES = [
  'plumber near me',
  'emergency plumbing',
  'water heater repair',
  'drain cleaning',
  'pipe leak',
];

/** Search Console's searchAnalytics.query: rows of keys and figures, rowLimit honoured. */
export const searchConsoleReports: SandboxReportApi = {
  answer(call) {
    const match = /^sites\/(.+)\/searchAnalytics\/query$/.exec(call.path);
    if (!match || call.method !== 'POST') return noSuchPath(call);
    const site = decodeURIComponent(match[1] ?? '');
    if (!call.accounts.has(site)) return notYours(site);
    const body = (call.body ?? {}) as {
      startDate?: string;
      endDate?: string;
      dimensions?: string[];
      rowLimit?: number;
      startRow?: number;
    };
    const days = rangeDays(body.startDate, body.endDate, 500);
    if (!days) return errorAnswer(400, 'startDate and endDate must form a valid range.');
    const dimensions = body.dimensions ?? [];
    const split = dimensions.some((d) => d !== 'date');
    const rows = days.flatMap((day) =>
      (split ? QUERIES : ['']).map((query, i) => {
        const impressions = dailyCount(site, day, split ? 180 / (i + 1) : 400, query);
        const ctr = 0.02 + seeded(site, query, 'ctr') * 0.08;
        const clicks = Math.round(impressions * ctr);
        const keys: Record<string, string> = {
          date: day,
          query,
          page: `https://www.example.com/${i}`,
          country: 'usa',
          device: i % 2 ? 'DESKTOP' : 'MOBILE',
        };
        return {
          keys: dimensions.map((d) => keys[d] ?? ''),
          clicks,
          impressions,
          ctr: impressions ? clicks / impressions : 0,
          position: Math.round((1 + seeded(site, query, day) * 14) * 10) / 10,
        };
      }),
    );
    const start = Math.max(0, body.startRow ?? 0);
    const limit = Math.min(25_000, Math.max(1, body.rowLimit ?? 1000));
    return {
      json: { rows: rows.slice(start, start + limit), responseAggregationType: 'byProperty' },
    };
  },
};

/** YouTube Analytics' reports.query with dimensions=day: a result table. */
export const youtubeReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'reports' || call.method !== 'GET') return noSuchPath(call);
    const channel = (call.query.get('ids') ?? '').replace(/^channel==/, '');
    if (!call.accounts.has(channel)) return notYours(channel);
    const days = rangeDays(call.query.get('startDate'), call.query.get('endDate'));
    if (!days) return errorAnswer(400, 'startDate and endDate must form a valid range.');
    if (call.query.get('dimensions') !== 'day')
      return errorAnswer(400, 'The sandbox answers dimensions=day only.');
    const metrics = (call.query.get('metrics') ?? '').split(',').filter(Boolean);
    const rows = days.map((day) => {
      const views = dailyCount(channel, day, 900, 'views');
      const values: Record<string, number> = {
        views,
        estimatedMinutesWatched: Math.round(views * (2 + seeded(channel, day, 'w') * 3)),
        averageViewDuration: Math.round(120 + seeded(channel, day, 'd') * 180),
        likes: Math.round(views * 0.04),
        comments: Math.round(views * 0.004),
        shares: Math.round(views * 0.006),
        subscribersGained: Math.round(views * 0.003),
        subscribersLost: Math.round(views * 0.0008),
      };
      return [day, ...metrics.map((m) => values[m] ?? 0)];
    });
    return {
      json: {
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [
          { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
          ...metrics.map((name) => ({ name, columnType: 'METRIC', dataType: 'INTEGER' })),
        ],
        rows,
      },
    };
  },
};

/** Business Profile Performance: fetchMultiDailyMetricsTimeSeries of a location. */
export const businessProfileReports: SandboxReportApi = {
  answer(call) {
    const match = /^locations\/([^:]+):fetchMultiDailyMetricsTimeSeries$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const location = match[1] ?? '';
    if (!call.accounts.has(location)) return notYours(location);
    const q = call.query;
    const part = (edge: string) =>
      `${q.get(`dailyRange.${edge}.year`)}-${q.get(`dailyRange.${edge}.month`)?.padStart(2, '0')}-${q.get(`dailyRange.${edge}.day`)?.padStart(2, '0')}`;
    const days = rangeDays(part('start_date'), part('end_date'));
    if (!days) return errorAnswer(400, 'dailyRange must be a valid range.');
    const means: Record<string, number> = {
      BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 40,
      BUSINESS_IMPRESSIONS_MOBILE_MAPS: 120,
      BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 60,
      BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 150,
      BUSINESS_DIRECTION_REQUESTS: 6,
      CALL_CLICKS: 4,
      WEBSITE_CLICKS: 9,
    };
    const series = q.getAll('dailyMetrics').map((metric) => ({
      dailyMetric: metric,
      timeSeries: {
        datedValues: days.map((day) => {
          const [year, month, date] = day.split('-').map(Number);
          const value = dailyCount(location, day, means[metric] ?? 5, metric);
          // The API leaves a zero day's value out.
          return { date: { year, month, day: date }, ...(value ? { value: String(value) } : {}) };
        }),
      },
    }));
    return { json: { multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: series }] } };
  },
};
