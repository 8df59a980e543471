import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { addDays, formatDay, parseDay } from '../reports/report-dates.ts';
import { DATE, metric, percent } from '../reports/report-fields.ts';
import { linkedinHeaders } from './linkedin-ads.fetcher.ts';
import { toNumber } from '../reports/report-values.ts';

interface Answer {
  elements?: Array<{
    timeRange?: { start?: number; end?: number };
    totalShareStatistics?: Record<string, unknown>;
  }>;
}

const STATISTICS: Readonly<Record<string, string>> = {
  impressions: 'impressionCount',
  unique_impressions: 'uniqueImpressionsCount',
  clicks: 'clickCount',
  likes: 'likeCount',
  comments: 'commentCount',
  shares: 'shareCount',
  engagement_rate: 'engagement',
};

/** LinkedIn Pages: an organization's share statistics by day (organizationalEntityShareStatistics). */
export const linkedinPages: FetcherDefinition = {
  connector: 'linkedin-pages',
  defaultDateRangeDays: 28,
  // Statistics cover a rolling 12 months.
  maxDaysPerCall: 365,
  historyDays: 365,
  // Statistics are revised for a couple of days after a day ends.
  settleDays: 3,
  fields: () => [
    DATE,
    metric('impressions', 'Impressions', 'Times posts were shown.'),
    metric('unique_impressions', 'Unique impressions', 'Members who saw posts.', 'NUMBER', 'MAX'),
    metric('clicks', 'Clicks', 'Clicks on posts, the name or the logo.'),
    metric('likes', 'Reactions', 'Reactions to posts.'),
    metric('comments', 'Comments', 'Comments on posts.'),
    metric('shares', 'Reposts', 'Times posts were reposted.'),
    percent('engagement_rate', 'Engagement rate', 'Interactions per impression.'),
  ],
  async rows(context) {
    const id = context.request.account.externalId.replace(/^urn:li:organization:/, '');
    const organization = encodeURIComponent(`urn:li:organization:${id}`);
    const start = parseDay(context.request.dateRange.start)?.getTime() ?? 0;
    const end = parseDay(addDays(context.request.dateRange.end, 1))?.getTime() ?? 0;
    const url =
      `${context.base}/organizationalEntityShareStatistics?q=organizationalEntity` +
      `&organizationalEntity=${organization}` +
      `&timeIntervals=(timeRange:(start:${start},end:${end}),timeGranularityType:DAY)`;
    const answer = (await context.http.json(
      { url, headers: linkedinHeaders(context.request.accessToken) },
      context.scope,
    )) as Answer;
    return (answer.elements ?? []).map((element) => ({
      date:
        element.timeRange?.start === undefined
          ? null
          : formatDay(new Date(element.timeRange.start)),
      ...Object.fromEntries(
        Object.entries(STATISTICS).map(([ours, theirs]) => [
          ours,
          toNumber(element.totalShareStatistics?.[theirs]),
        ]),
      ),
    }));
  },
};
