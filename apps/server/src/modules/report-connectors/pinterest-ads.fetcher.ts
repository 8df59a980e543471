import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { DATE, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { fromMicros, toNumber } from '../reports/report-values.ts';

/** Pinterest Ads: an ad account's analytics by day (a JSON array, one object per day). */
export const pinterestAds: FetcherDefinition = {
  connector: 'pinterest-ads',
  defaultDateRangeDays: 28,
  // One analytics call covers at most 90 days, back to 914 days ago:
  // https://docs.airbyte.com/integrations/sources/pinterest/ (the API's restriction, quoted)
  maxDaysPerCall: 90,
  historyDays: 914,
  // Conversions are credited back for the attribution window (30-day click by default).
  settleDays: 30,
  fields: (account) => [
    DATE,
    metric('impressions', 'Impressions', 'Times pins were shown (paid).'),
    metric('clicks', 'Pin clicks', 'Clicks on paid pins.'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    money(account, 'cost', 'Spend', 'Spend, in the account currency.'),
    metric('conversions', 'Conversions', 'Conversions attributed to ads.'),
  ],
  async rows(context) {
    const params = new URLSearchParams({
      start_date: context.request.dateRange.start,
      end_date: context.request.dateRange.end,
      columns: 'IMPRESSION_1,CLICKTHROUGH_1,CTR,SPEND_IN_MICRO_DOLLAR,TOTAL_CONVERSIONS',
      granularity: 'DAY',
    });
    const account = encodeURIComponent(context.request.account.externalId);
    const answer = await context.http.json(
      {
        url: `${context.base}/ad_accounts/${account}/analytics?${params.toString()}`,
        headers: bearer(context),
      },
      context.scope,
    );
    return (Array.isArray(answer) ? (answer as Array<Record<string, unknown>>) : []).map((day) => ({
      date: day.DATE,
      impressions: toNumber(day.IMPRESSION_1),
      clicks: toNumber(day.CLICKTHROUGH_1),
      ctr: toNumber(day.CTR),
      // Despite its name, SPEND_IN_MICRO_DOLLAR is in millionths of the account currency.
      cost: fromMicros(day.SPEND_IN_MICRO_DOLLAR),
      conversions: toNumber(day.TOTAL_CONVERSIONS),
    }));
  },
};
