import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours, rangeDays } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import type { AskedDays } from './sandbox-report-calendar.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

const dayBefore = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) - 864e5).toISOString().slice(0, 10) : undefined;

/** The social ad platforms' figures; reach counts people once, rates come from totals. */
const SOCIAL_METRICS: Readonly<Record<string, MetricRule>> = {
  impressions: 'sum',
  clicks: 'sum',
  cost: 'sum',
  conversions: 'sum',
  reach: 'distinct',
  ctr: { ratio: ['clicks', 'impressions'] },
};

/** The campaigns' day records of an account over the days it has figures for. */
const campaignDays = (account: string, days: readonly string[]): DayRecord[] =>
  days.flatMap((day) =>
    sandboxCampaigns(account).map((campaign) => {
      const f = adDay(account, day, campaign);
      return {
        day,
        keys: { campaign_id: campaign.id, campaign_name: campaign.name },
        values: {
          impressions: f.impressions,
          clicks: f.clicks,
          cost: f.cost,
          conversions: f.conversions,
          reach: f.reach,
        },
      };
    }),
  );

/** The account's figures grouped by `by` (by day: its campaigns combined, day by day). */
const accountRows = (
  call: SandboxReportCall,
  account: string,
  days: readonly string[],
  by: readonly string[] = ['date'],
) =>
  aggregate(
    { connector: call.connector.nameSimple, account, now: call.now, by, metrics: SOCIAL_METRICS },
    campaignDays(account, days),
  );

/** The error line of a range a provider refuses: too long for one call, or not a range. */
const refusal = (asked: Exclude<AskedDays, { days: string[] }>, names: string) =>
  asked.refused === 'too-long'
    ? `${names} must be at most ${asked.maxDays} days apart.`
    : `${names} must form a valid range.`;

/** X Ads' synchronous stats: arrays of daily values per metric, 7 days at most. */
export const xAdsReports: SandboxReportApi = {
  answer(call) {
    const match = /^stats\/accounts\/([^/]+)$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account)) return notYours(account);
    const asked = askedDays(
      call,
      account,
      call.query.get('start_time')?.slice(0, 10),
      dayBefore(call.query.get('end_time')),
    );
    if (!('days' in asked)) {
      return {
        status: 400,
        json: {
          errors: [
            { code: 'INVALID_PARAMETER', message: refusal(asked, 'start_time and end_time') },
          ],
        },
      };
    }
    // X answers one value per day of the range asked: null on a day it has no figures for.
    const known = new Map(accountRows(call, account, asked.days).map((r) => [r.first, r.values]));
    const asking =
      rangeDays(
        call.query.get('start_time')?.slice(0, 10),
        dayBefore(call.query.get('end_time')),
      ) ?? [];
    const series = (read: (v: Record<string, number>) => number) =>
      asking.map((d) => {
        const v = known.get(d);
        return v ? Math.round(read(v)) : null;
      });
    return {
      json: {
        data_type: 'stats',
        time_series_length: asking.length,
        data: [
          {
            id: account,
            id_data: [
              {
                segment: null,
                metrics: {
                  impressions: series((v) => v.impressions ?? 0),
                  engagements: series((v) => (v.clicks ?? 0) * 1.6),
                  clicks: series((v) => v.clicks ?? 0),
                  likes: series((v) => (v.clicks ?? 0) * 0.3),
                  retweets: series((v) => (v.clicks ?? 0) * 0.05),
                  billed_charge_local_micro: series((v) => (v.cost ?? 0) * 1e6),
                },
              },
            ],
          },
        ],
        request: {
          params: {
            start_time: call.query.get('start_time'),
            end_time: call.query.get('end_time'),
            granularity: 'DAY',
          },
        },
      },
    };
  },
};

/** Pinterest's ad account analytics: a JSON array, one object per day, 90 days at most. */
export const pinterestReports: SandboxReportApi = {
  answer(call) {
    const match = /^ad_accounts\/([^/]+)\/analytics$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account))
      return {
        status: 403,
        json: { code: 29, message: 'You are not permitted to access that resource.' },
      };
    const asked = askedDays(
      call,
      account,
      call.query.get('start_date'),
      call.query.get('end_date'),
    );
    if (!('days' in asked))
      return { status: 400, json: { code: 1, message: refusal(asked, 'start_date and end_date') } };
    // granularity TOTAL answers the range as one row; DAY (the sandbox's default) by day.
    const total = call.query.get('granularity') === 'TOTAL';
    return {
      json: accountRows(call, account, asked.days, total ? [] : ['date']).map(
        ({ first, values: f }) => ({
          ...(total ? {} : { DATE: first }),
          AD_ACCOUNT_ID: account,
          IMPRESSION_1: f.impressions,
          CLICKTHROUGH_1: f.clicks,
          CTR: f.ctr,
          SPEND_IN_MICRO_DOLLAR: Math.round((f.cost ?? 0) * 1e6),
          TOTAL_CONVERSIONS: f.conversions,
        }),
      ),
    };
  },
};

/** TikTok's integrated report: errors as `code` inside a 200, 30 days per call, paged. */
export const tiktokReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'report/integrated/get/' || call.method !== 'GET') return noSuchPath(call);
    const fail = (code: number, message: string) => ({
      json: { code, message, request_id: 'sandbox', data: {} },
    });
    if (!call.headers['access-token']) return fail(40104, 'Access token is empty.');
    const advertiser = call.query.get('advertiser_id') ?? '';
    if (!call.accounts.has(advertiser))
      return fail(40001, `No permission to operate advertiser ${advertiser}.`);
    const asked = askedDays(
      call,
      advertiser,
      call.query.get('start_date'),
      call.query.get('end_date'),
    );
    if (!('days' in asked)) return fail(40002, refusal(asked, 'start_date and end_date'));
    const byCampaign = call.query.get('data_level') === 'AUCTION_CAMPAIGN';
    // Rows per the dimensions asked: without stat_time_day a row covers the range.
    let dimensions: unknown = ['stat_time_day'];
    try {
      dimensions = JSON.parse(call.query.get('dimensions') ?? '["stat_time_day"]');
    } catch {
      return fail(40002, 'dimensions must be a JSON list.');
    }
    const daily = Array.isArray(dimensions) && dimensions.includes('stat_time_day');
    const by = [
      ...(daily ? ['date'] : []),
      ...(byCampaign ? ['campaign_id', 'campaign_name'] : []),
    ];
    const list = accountRows(call, advertiser, asked.days, by).map(
      ({ keys, first, values: f }) => ({
        dimensions: {
          ...(daily ? { stat_time_day: `${first} 00:00:00` } : {}),
          ...(byCampaign ? { campaign_id: keys.campaign_id } : {}),
        },
        metrics: {
          impressions: String(f.impressions),
          reach: String(f.reach),
          clicks: String(f.clicks),
          ctr: ((f.ctr ?? 0) * 100).toFixed(2),
          spend: (f.cost ?? 0).toFixed(2),
          conversion: String(f.conversions),
          ...(byCampaign ? { campaign_name: keys.campaign_name } : {}),
        },
      }),
    );
    const size = Math.min(1000, Math.max(1, Number(call.query.get('page_size') ?? 10) || 10));
    const page = Math.max(1, Number(call.query.get('page') ?? 1) || 1);
    return {
      json: {
        code: 0,
        message: 'OK',
        request_id: 'sandbox',
        data: {
          list: list.slice((page - 1) * size, page * size),
          page_info: {
            page,
            page_size: size,
            total_number: list.length,
            total_page: Math.ceil(list.length / size),
          },
        },
      },
    };
  },
};

/** Snapchat's ad account stats: one timeseries of daily stats, 31 days at most. */
export const snapchatReports: SandboxReportApi = {
  answer(call) {
    const match = /^adaccounts\/([^/]+)\/stats$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account)) return notYours(account);
    const asked = askedDays(
      call,
      account,
      call.query.get('start_time')?.slice(0, 10),
      dayBefore(call.query.get('end_time')?.slice(0, 10) ?? null),
    );
    if (!('days' in asked)) return errorAnswer(400, refusal(asked, 'start_time and end_time'));
    return {
      json: {
        request_status: 'SUCCESS',
        request_id: 'sandbox',
        timeseries_stats: [
          {
            sub_request_status: 'SUCCESS',
            timeseries_stat: {
              id: account,
              type: 'AD_ACCOUNT',
              granularity: 'DAY',
              timeseries: accountRows(call, account, asked.days).map(
                ({ first: day, values: f }) => ({
                  start_time: `${day}T00:00:00.000-00:00`,
                  end_time: `${day}T23:59:59.999-00:00`,
                  stats: {
                    impressions: f.impressions,
                    swipes: f.clicks,
                    spend: Math.round((f.cost ?? 0) * 1e6),
                    conversion_purchases: f.conversions,
                  },
                }),
              ),
            },
          },
        ],
      },
    };
  },
};
