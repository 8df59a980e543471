import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { DATE, metric } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';

/** Our metric ids and YouTube Analytics' names for them. */
const METRICS: Readonly<Record<string, string>> = {
  views: 'views',
  minutes_watched: 'estimatedMinutesWatched',
  average_view_duration: 'averageViewDuration',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  subscribers_gained: 'subscribersGained',
  subscribers_lost: 'subscribersLost',
};

interface ResultTable {
  columnHeaders?: Array<{ name?: string }>;
  rows?: unknown[][];
}

/** YouTube Analytics: reports.query of a channel by day (a result table of columns and rows). */
export const youtubeAnalytics: FetcherDefinition = {
  connector: 'youtube-analytics',
  defaultDateRangeDays: 28,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Figures are final about two days after a day ends.
  settleDays: 3,
  fields: () => [
    DATE,
    metric('views', 'Views', 'Times videos were viewed.'),
    metric('minutes_watched', 'Watch time (minutes)', 'Minutes people watched.'),
    metric(
      'average_view_duration',
      'Average view duration',
      'Seconds per view.',
      'DURATION',
      'AVG',
    ),
    metric('likes', 'Likes', 'Likes on videos.'),
    metric('comments', 'Comments', 'Comments on videos.'),
    metric('shares', 'Shares', 'Times videos were shared.'),
    metric('subscribers_gained', 'Subscribers gained', 'New subscribers.'),
    metric('subscribers_lost', 'Subscribers lost', 'Subscribers who left.'),
  ],
  async rows(context) {
    const params = new URLSearchParams({
      ids: `channel==${context.request.account.externalId}`,
      startDate: context.request.dateRange.start,
      endDate: context.request.dateRange.end,
      metrics: Object.values(METRICS).join(','),
      dimensions: 'day',
      sort: 'day',
    });
    const table = (await context.http.json(
      { url: `${context.base}/reports?${params.toString()}`, headers: bearer(context) },
      context.scope,
    )) as ResultTable;
    const columns = (table.columnHeaders ?? []).map((h) => h.name ?? '');
    return (table.rows ?? []).map((row) => {
      const value = (name: string) => row[columns.indexOf(name)];
      return {
        date: value('day'),
        ...Object.fromEntries(Object.entries(METRICS).map(([id, name]) => [id, value(name)])),
      };
    });
  },
};
