import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { addDays, unixStart } from '../reports/report-dates.ts';
import { DATE, metric } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { readMetaError } from './meta-errors.ts';
import { toNumber } from '../reports/report-values.ts';

/** A Graph insights answer: one series per metric, a value per day. */
interface InsightsAnswer {
  data?: Array<{ name?: string; values?: Array<{ value?: unknown; end_time?: string }> }>;
}

/**
 * Graph's daily values end at the next midnight (Pacific): a value whose end_time is the 2nd
 * belongs to the 1st.
 */
const dayOf = (endTime: string | undefined) =>
  endTime && /^\d{4}-\d{2}-\d{2}/.test(endTime) ? addDays(endTime.slice(0, 10), -1) : undefined;

/** Series as rows, one per day, by our field ids (`names` maps Graph's metric names). */
function seriesRows(answer: InsightsAnswer, names: Readonly<Record<string, string>>): ReportRow[] {
  const byDay = new Map<string, Record<string, unknown>>();
  for (const series of answer.data ?? []) {
    const id = Object.keys(names).find((k) => names[k] === series.name);
    if (!id) continue;
    for (const point of series.values ?? []) {
      const day = dayOf(point.end_time);
      if (!day) continue;
      const row = byDay.get(day) ?? { date: day };
      row[id] = toNumber(point.value);
      byDay.set(day, row);
    }
  }
  return [...byDay.values()];
}

const PAGE_METRICS: Readonly<Record<string, string>> = {
  page_impressions: 'page_impressions',
  page_reach: 'page_impressions_unique',
  page_engagements: 'page_post_engagements',
  page_views: 'page_views_total',
  new_followers: 'page_fan_adds',
};

/** Facebook Insights: a Page's daily insights, read with the Page's own token. */
export const facebookInsights: FetcherDefinition = {
  connector: 'facebook-insights',
  defaultDateRangeDays: 28,
  // since and until may be at most 93 days apart; Page insights keep two years.
  maxDaysPerCall: 92,
  historyDays: 730,
  // Page insights are revised for a couple of days after a day ends.
  settleDays: 3,
  readError: readMetaError,
  fields: () => [
    DATE,
    metric('page_impressions', 'Impressions', 'Times the Page or its posts were on screen.'),
    metric('page_reach', 'Reach', 'People who saw the Page or its posts.', 'NUMBER', 'MAX'),
    metric('page_engagements', 'Post engagements', 'Reactions, comments, shares and clicks.'),
    metric('page_views', 'Page views', 'Times the Page profile was viewed.'),
    metric('new_followers', 'New likes', 'People who liked the Page.'),
  ],
  async rows(context) {
    const page = encodeURIComponent(context.request.account.externalId);
    // Page insights need the Page's token, which the person's token can ask for.
    const token = (await context.http.json(
      { url: `${context.base}/${page}?fields=access_token`, headers: bearer(context) },
      context.scope,
    )) as { access_token?: string };
    const pageToken = token.access_token ?? context.request.accessToken;
    const scope = { ...context.scope, secrets: [...context.scope.secrets, pageToken] };
    const params = new URLSearchParams({
      metric: Object.values(PAGE_METRICS).join(','),
      period: 'day',
      since: context.request.dateRange.start,
      until: addDays(context.request.dateRange.end, 1),
    });
    const answer = (await context.http.json(
      {
        url: `${context.base}/${page}/insights?${params.toString()}`,
        headers: { Authorization: `Bearer ${pageToken}` },
      },
      scope,
    )) as InsightsAnswer;
    return seriesRows(answer, PAGE_METRICS);
  },
};

const INSTAGRAM_METRICS: Readonly<Record<string, string>> = {
  reach: 'reach',
  impressions: 'impressions',
  profile_views: 'profile_views',
  website_clicks: 'website_clicks',
  new_followers: 'follower_count',
};

/** Instagram Insights: a professional account's daily insights (30 days per call). */
export const instagramInsights: FetcherDefinition = {
  connector: 'instagram-insights',
  defaultDateRangeDays: 28,

  // One call covers at most 30 days; account insights keep two years:
  // https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights
  maxDaysPerCall: 30,
  historyDays: 730,
  // Insights lag up to 48 hours.
  settleDays: 3,
  readError: readMetaError,
  fields: () => [
    DATE,
    metric('reach', 'Reach', 'Accounts that saw the content.', 'NUMBER', 'MAX'),
    metric('impressions', 'Impressions', 'Times the content was on screen.'),
    metric('profile_views', 'Profile views', 'Times the profile was viewed.'),
    metric('website_clicks', 'Website clicks', 'Taps on the profile link.'),
    metric('new_followers', 'New followers', 'Accounts that began following.'),
  ],
  rows: (context: FetchContext) => {
    const params = new URLSearchParams({
      metric: Object.values(INSTAGRAM_METRICS).join(','),
      period: 'day',
      since: String(unixStart(context.request.dateRange.start)),
      until: String(unixStart(addDays(context.request.dateRange.end, 1))),
    });
    const user = encodeURIComponent(context.request.account.externalId);
    return context.http
      .json(
        { url: `${context.base}/${user}/insights?${params.toString()}`, headers: bearer(context) },
        context.scope,
      )
      .then((answer) => seriesRows(answer as InsightsAnswer, INSTAGRAM_METRICS));
  },
};
