import type { SandboxReportApi } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours, rangeDays } from './sandbox-report-api.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

const dayBefore = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) - 864e5).toISOString().slice(0, 10) : undefined;

/** The account's whole day: its campaigns summed. */
function accountDay(account: string, day: string) {
  const all = sandboxCampaigns(account).map((c) => adDay(account, day, c));
  const total = (k: keyof (typeof all)[number]) => all.reduce((s, f) => s + f[k], 0);
  return {
    impressions: total('impressions'),
    clicks: total('clicks'),
    cost: Math.round(total('cost') * 100) / 100,
    conversions: total('conversions'),
    reach: total('reach'),
  };
}

/** X Ads' synchronous stats: arrays of daily values per metric, 7 days at most. */
export const xAdsReports: SandboxReportApi = {
  answer(call) {
    const match = /^stats\/accounts\/([^/]+)$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account)) return notYours(account);
    const days = rangeDays(
      call.query.get('start_time')?.slice(0, 10),
      dayBefore(call.query.get('end_time')),
      7,
    );
    if (!days) {
      return {
        status: 400,
        json: {
          errors: [
            {
              code: 'INVALID_PARAMETER',
              message: 'start_time and end_time must be at most 7 days apart.',
            },
          ],
        },
      };
    }
    const figures = days.map((d) => accountDay(account, d));
    return {
      json: {
        data_type: 'stats',
        time_series_length: days.length,
        data: [
          {
            id: account,
            id_data: [
              {
                segment: null,
                metrics: {
                  impressions: figures.map((f) => f.impressions),
                  engagements: figures.map((f) => Math.round(f.clicks * 1.6)),
                  clicks: figures.map((f) => f.clicks),
                  likes: figures.map((f) => Math.round(f.clicks * 0.3)),
                  retweets: figures.map((f) => Math.round(f.clicks * 0.05)),
                  billed_charge_local_micro: figures.map((f) => Math.round(f.cost * 1e6)),
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
    const days = rangeDays(call.query.get('start_date'), call.query.get('end_date'), 90);
    if (!days)
      return {
        status: 400,
        json: { code: 1, message: 'start_date and end_date must be at most 90 days apart.' },
      };
    return {
      json: days.map((day) => {
        const f = accountDay(account, day);
        return {
          DATE: day,
          AD_ACCOUNT_ID: account,
          IMPRESSION_1: f.impressions,
          CLICKTHROUGH_1: f.clicks,
          CTR: f.impressions ? f.clicks / f.impressions : 0,
          SPEND_IN_MICRO_DOLLAR: Math.round(f.cost * 1e6),
          TOTAL_CONVERSIONS: f.conversions,
        };
      }),
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
    const days = rangeDays(call.query.get('start_date'), call.query.get('end_date'), 30);
    if (!days) return fail(40002, 'start_date and end_date must be at most 30 days apart.');
    const byCampaign = call.query.get('data_level') === 'AUCTION_CAMPAIGN';
    const list = days.flatMap((day) =>
      (byCampaign ? sandboxCampaigns(advertiser) : [undefined]).map((campaign) => {
        const f = campaign ? adDay(advertiser, day, campaign) : accountDay(advertiser, day);
        return {
          dimensions: {
            stat_time_day: `${day} 00:00:00`,
            ...(campaign ? { campaign_id: campaign.id } : {}),
          },
          metrics: {
            impressions: String(f.impressions),
            reach: String(f.reach),
            clicks: String(f.clicks),
            ctr: f.impressions ? ((f.clicks * 100) / f.impressions).toFixed(2) : '0.00',
            spend: f.cost.toFixed(2),
            conversion: String(f.conversions),
            ...(campaign ? { campaign_name: campaign.name } : {}),
          },
        };
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
    const days = rangeDays(
      call.query.get('start_time')?.slice(0, 10),
      dayBefore(call.query.get('end_time')?.slice(0, 10) ?? null),
      32,
    );
    if (!days) return errorAnswer(400, 'start_time and end_time must be at most 32 days apart.');
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
              timeseries: days.map((day) => {
                const f = accountDay(account, day);
                return {
                  start_time: `${day}T00:00:00.000-00:00`,
                  end_time: `${day}T23:59:59.999-00:00`,
                  stats: {
                    impressions: f.impressions,
                    swipes: f.clicks,
                    spend: Math.round(f.cost * 1e6),
                    conversion_purchases: f.conversions,
                  },
                };
              }),
            },
          },
        ],
      },
    };
  },
};
