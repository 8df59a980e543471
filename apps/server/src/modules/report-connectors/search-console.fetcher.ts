import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { DATE, dimension, metric, percent, ratioOf } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';

const DIMENSIONS = ['date', 'query', 'page', 'country', 'device'] as const;
/** The most rows searchAnalytics.query answers per call; fewer means the last page. */
const ROW_LIMIT = 25_000;

interface Answer {
  rows?: Array<{
    keys?: string[];
    clicks?: number;
    impressions?: number;
    ctr?: number;
    position?: number;
  }>;
}

/** Google Search Console: searchAnalytics.query of a site, by day and the wanted dimensions. */
export const searchConsole: FetcherDefinition = {
  connector: 'google-search-console',
  defaultDateRangeDays: 28,
  // Search data is kept for 16 months.
  maxDaysPerCall: 486,
  historyDays: 486,
  // Data arrives two to three days late and is final after.
  settleDays: 3,
  fields: () => [
    DATE,
    dimension('query', 'Query', 'What people searched for.'),
    dimension('page', 'Page', 'The page that showed in results.', 'URL'),
    dimension('country', 'Country code', 'ISO 3166-1 alpha-3 code, lower case.'),
    dimension('device', 'Device', 'DESKTOP, MOBILE or TABLET.'),
    metric('clicks', 'Clicks', 'Clicks from search results.'),
    metric('impressions', 'Impressions', 'Times a page showed in results.'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    metric('position', 'Average position', 'Average top position in results.', 'NUMBER', 'AVG'),
  ],
  async rows(context) {
    const dimensions = DIMENSIONS.filter((d) => context.wants(d));
    const site = encodeURIComponent(context.request.account.externalId);
    const rows: ReportRow[] = [];
    for (let page = 0; ; page += 1) {
      checkPageCount(context, page);
      const answer = (await context.http.json(
        {
          url: `${context.base}/sites/${site}/searchAnalytics/query`,
          method: 'POST',
          headers: bearer(context),
          json: {
            startDate: context.request.dateRange.start,
            endDate: context.request.dateRange.end,
            dimensions,
            rowLimit: ROW_LIMIT,
            startRow: page * ROW_LIMIT,
          },
        },
        context.scope,
      )) as Answer;
      for (const row of answer.rows ?? []) {
        rows.push({
          ...Object.fromEntries(dimensions.map((d, i) => [d, row.keys?.[i]])),
          clicks: row.clicks,
          impressions: row.impressions,
          ctr: row.ctr,
          position: row.position,
        });
      }
      if ((answer.rows ?? []).length < ROW_LIMIT) return rows;
    }
  },
};
