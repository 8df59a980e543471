import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { addDays, windows } from '../reports/report-dates.ts';
import { DATE, metric, money } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { fromMicros, toNumber } from '../reports/report-values.ts';

/** The synchronous stats endpoint answers at most 7 days per call. */
const WINDOW_DAYS = 7;

interface Answer {
  data?: Array<{ id_data?: Array<{ metrics?: Record<string, Array<number | null> | null> }> }>;
}

/** X Ads: synchronous analytics of an ads account, by day, one 7-day window per call. */
export const xAds: FetcherDefinition = {
  connector: 'x-ads',
  defaultDateRangeDays: 28,

  maxDaysPerCall: 365,
  historyDays: 365,
  // Conversions are credited back for the attribution window (14-day engagement by default).
  settleDays: 14,
  fields: (account) => [
    DATE,
    metric('impressions', 'Impressions', 'Times ads were shown.'),
    metric('engagements', 'Engagements', 'Interactions with ads.'),
    metric('clicks', 'Clicks', 'Clicks on ads.'),
    metric('likes', 'Likes', 'Likes of promoted posts.'),
    metric('reposts', 'Reposts', 'Reposts of promoted posts.'),
    money(account, 'cost', 'Spend', 'Billed spend, in the account currency.'),
  ],
  async rows(context) {
    const account = encodeURIComponent(context.request.account.externalId);
    const rows: ReportRow[] = [];
    for (const window of windows(context.request.dateRange, WINDOW_DAYS)) {
      const params = new URLSearchParams({
        entity: 'ACCOUNT',
        entity_ids: context.request.account.externalId,
        start_time: `${window.start}T00:00:00Z`,
        end_time: `${addDays(window.end, 1)}T00:00:00Z`,
        granularity: 'DAY',
        metric_groups: 'ENGAGEMENT,BILLING',
        placement: 'ALL_ON_TWITTER',
      });
      const answer = (await context.http.json(
        {
          url: `${context.base}/stats/accounts/${account}?${params.toString()}`,
          headers: bearer(context),
        },
        context.scope,
      )) as Answer;
      const metrics = answer.data?.[0]?.id_data?.[0]?.metrics ?? {};
      const at = (name: string, i: number) => metrics[name]?.[i] ?? null;
      const days = Math.round((Date.parse(window.end) - Date.parse(window.start)) / 864e5) + 1;
      for (let i = 0; i < days; i += 1) {
        rows.push({
          date: addDays(window.start, i),
          impressions: toNumber(at('impressions', i)),
          engagements: toNumber(at('engagements', i)),
          clicks: toNumber(at('clicks', i)),
          likes: toNumber(at('likes', i)),
          reposts: toNumber(at('retweets', i)),
          cost: fromMicros(at('billed_charge_local_micro', i)),
        });
      }
    }
    return rows;
  },
};
