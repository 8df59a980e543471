import type { SandboxReportApi } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { dailyCount, seeded } from './sandbox-report-data.ts';

const QUERIES = [
  'plumber near me',
  'emergency plumbing',
  'water heater repair',
  'drain cleaning',
  'pipe leak',
];

/** Search Console's figures: the position is the impression-weighted average. */
const SEARCH_METRICS: Readonly<Record<string, MetricRule>> = {
  clicks: 'sum',
  impressions: 'sum',
  positionSum: 'sum',
  ctr: { ratio: ['clicks', 'impressions'] },
  position: { ratio: ['positionSum', 'impressions'] },
};

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
    const asked = askedDays(call, site, body.startDate, body.endDate);
    if (!('days' in asked))
      return errorAnswer(400, 'startDate and endDate must form a valid range.');
    const dimensions = body.dimensions ?? [];
    const records: DayRecord[] = asked.days.flatMap((day) =>
      QUERIES.map((query, i) => {
        const impressions = dailyCount(site, day, 180 / (i + 1), query);
        const clicks = Math.round(impressions * (0.02 + seeded(site, query, 'ctr') * 0.08));
        const position = Math.round((1 + seeded(site, query, day) * 14) * 10) / 10;
        return {
          day,
          keys: {
            query,
            page: `https://www.example.com/${i}`,
            country: 'usa',
            device: i % 2 ? 'DESKTOP' : 'MOBILE',
          },
          values: { clicks, impressions, positionSum: position * impressions },
        };
      }),
    );
    const rows = aggregate(
      {
        connector: call.connector.nameSimple,
        account: site,
        now: call.now,
        by: dimensions,
        metrics: SEARCH_METRICS,
      },
      records,
    ).map(({ keys, first, values: v }) => ({
      keys: dimensions.map((d) => (d === 'date' ? first : (keys[d] ?? ''))),
      clicks: v.clicks,
      impressions: v.impressions,
      ctr: v.ctr,
      position: Math.round((v.position ?? 0) * 10) / 10,
    }));
    const start = Math.max(0, body.startRow ?? 0);
    const limit = Math.min(25_000, Math.max(1, body.rowLimit ?? 1000));
    return {
      json: { rows: rows.slice(start, start + limit), responseAggregationType: 'byProperty' },
    };
  },
};

/** YouTube's figures: the average view duration is the watch time over the views. */
const YOUTUBE_METRICS: Readonly<Record<string, MetricRule>> = {
  views: 'sum',
  estimatedMinutesWatched: 'sum',
  watchSeconds: 'sum',
  likes: 'sum',
  comments: 'sum',
  shares: 'sum',
  subscribersGained: 'sum',
  subscribersLost: 'sum',
  averageViewDuration: { ratio: ['watchSeconds', 'views'] },
};

/** YouTube Analytics' reports.query, by day or for the range: a result table. */
export const youtubeReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'reports' || call.method !== 'GET') return noSuchPath(call);
    const channel = (call.query.get('ids') ?? '').replace(/^channel==/, '');
    if (!call.accounts.has(channel)) return notYours(channel);
    const asked = askedDays(call, channel, call.query.get('startDate'), call.query.get('endDate'));
    if (!('days' in asked))
      return errorAnswer(400, 'startDate and endDate must form a valid range.');
    // dimensions=day: a row per day; no dimensions: one row for the range.
    const dimension = call.query.get('dimensions');
    if (dimension !== null && dimension !== 'day')
      return errorAnswer(400, 'The sandbox answers dimensions=day or no dimensions only.');
    const metrics = (call.query.get('metrics') ?? '').split(',').filter(Boolean);
    const records: DayRecord[] = asked.days.map((day) => {
      const views = dailyCount(channel, day, 900, 'views');
      return {
        day,
        keys: {},
        values: {
          views,
          estimatedMinutesWatched: Math.round(views * (2 + seeded(channel, day, 'w') * 3)),
          watchSeconds: views * Math.round(120 + seeded(channel, day, 'd') * 180),
          likes: Math.round(views * 0.04),
          comments: Math.round(views * 0.004),
          shares: Math.round(views * 0.006),
          subscribersGained: Math.round(views * 0.003),
          subscribersLost: Math.round(views * 0.0008),
        },
      };
    });
    const daily = dimension === 'day';
    const rows = aggregate(
      {
        connector: call.connector.nameSimple,
        account: channel,
        now: call.now,
        by: daily ? ['date'] : [],
        metrics: YOUTUBE_METRICS,
      },
      records,
    ).map(({ first, values }) => [
      ...(daily ? [first] : []),
      ...metrics.map((m) => Math.round(values[m] ?? 0)),
    ]);
    return {
      json: {
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [
          ...(daily ? [{ name: 'day', columnType: 'DIMENSION', dataType: 'STRING' }] : []),
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
    const asked = askedDays(call, location, part('start_date'), part('end_date'));
    if (!('days' in asked)) return errorAnswer(400, 'dailyRange must be a valid range.');
    const means: Record<string, number> = {
      BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 40,
      BUSINESS_IMPRESSIONS_MOBILE_MAPS: 120,
      BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 60,
      BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 150,
      BUSINESS_DIRECTION_REQUESTS: 6,
      CALL_CLICKS: 4,
      WEBSITE_CLICKS: 9,
    };
    const metrics = q.getAll('dailyMetrics');
    const byDay = aggregate(
      {
        connector: call.connector.nameSimple,
        account: location,
        now: call.now,
        by: ['date'],
        metrics: Object.fromEntries(metrics.map((m) => [m, 'sum' as const])),
      },
      asked.days.map((day) => ({
        day,
        keys: {},
        values: Object.fromEntries(
          metrics.map((m) => [m, dailyCount(location, day, means[m] ?? 5, m)]),
        ),
      })),
    );
    const series = metrics.map((metric) => ({
      dailyMetric: metric,
      timeSeries: {
        datedValues: byDay.map(({ first: day, values }) => {
          const [year, month, date] = day.split('-').map(Number);
          const value = values[metric] ?? 0;
          // The API leaves a zero day's value out.
          return { date: { year, month, day: date }, ...(value ? { value: String(value) } : {}) };
        }),
      },
    }));
    return { json: { multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: series }] } };
  },
};
