import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { sandboxLocale } from './sandbox-account-locale.ts';
import { adDay, sandboxCampaigns, seeded } from './sandbox-report-data.ts';

/** Rows per page here: at most the `limit` asked, and 50 at most, so paging is exercised. */
const PAGE = 50;

/** Meta's error answer shape (code 100: invalid parameter). */
const metaError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'SandboxTrace' } },
});

/** Meta's figures and how each combines (reach counts people once; rates from totals). */
const META_METRICS: Readonly<Record<string, MetricRule>> = {
  impressions: 'sum',
  reach: 'distinct',
  clicks: 'sum',
  inline_link_clicks: 'sum',
  spend: 'sum',
  purchases: 'sum',
  leads: 'sum',
  purchase_value: 'sum',
  ctr: { ratio: ['clicks', 'impressions'], scale: 100 },
  cpc: { ratio: ['spend', 'clicks'] },
  cpm: { ratio: ['spend', 'impressions'], scale: 1000 },
};

/** Insights keep 37 months: an older start is refused (error 3018). */
const RETENTION_MONTHS = 37;

/**
 * The Marketing API's Insights edge of an ad account, cursor paging. time_increment splits the
 * range into periods of that many days (1: daily), "monthly" into calendar months, and
 * "all_days" (the default) answers the whole range as one period; each row covers its period
 * and its level's object (the account, or each campaign).
 */
export const facebookAdsReports: SandboxReportApi = {
  answer(call) {
    const match = /^(act_[^/]+)\/insights$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account) && !call.accounts.has(account.slice(4))) {
      return metaError(403, 200, `(#200) The user does not have access to ad account ${account}.`);
    }
    let range: { since?: string; until?: string } = {};
    try {
      range = JSON.parse(call.query.get('time_range') ?? '{}') as typeof range;
    } catch {
      return metaError(400, 100, '(#100) time_range must be a JSON object with since and until.');
    }
    const id = account.slice(4);
    const asked = askedDays(call, id, range.since, range.until);
    if (!('days' in asked) || !range.since || !range.until)
      return metaError(400, 100, '(#100) time_range is not a valid range.');
    const oldest = new Date(call.now);
    oldest.setUTCMonth(oldest.getUTCMonth() - RETENTION_MONTHS);
    if (range.since < oldest.toISOString().slice(0, 10)) {
      return metaError(
        400,
        3018,
        `(#3018) The start date of the time range cannot be beyond ${RETENTION_MONTHS} months from the current date`,
      );
    }
    const period = periodOf(
      call.query.get('time_increment') ?? 'all_days',
      range.since,
      range.until,
    );
    if (!period)
      return metaError(400, 100, '(#100) time_increment must be all_days, monthly or 1 to 90.');
    const fields = new Set((call.query.get('fields') ?? '').split(',').filter(Boolean));
    const byCampaign = ['campaign', 'adset', 'ad'].includes(call.query.get('level') ?? '');
    const breakdowns = (call.query.get('breakdowns') ?? '').split(',').filter(Boolean);
    const records: DayRecord[] = asked.days.flatMap((day) =>
      sandboxCampaigns(id).map((campaign) => {
        const f = adDay(id, day, campaign);
        const clicks = Math.round(f.clicks * 1.4);
        return {
          day,
          keys: {
            period: period(day).join('/'),
            campaign_id: campaign.id,
            campaign_name: campaign.name,
          },
          values: {
            impressions: f.impressions,
            reach: f.reach,
            clicks,
            inline_link_clicks: f.clicks,
            spend: f.cost,
            purchases: f.conversions,
            leads: Math.round(f.conversions / 2),
            purchase_value: f.value,
          },
        };
      }),
    );
    const by = byCampaign ? ['period', 'campaign_id', 'campaign_name'] : ['period'];
    const rows = aggregate(
      {
        connector: call.connector.nameSimple,
        account: id,
        now: call.now,
        by,
        metrics: META_METRICS,
      },
      records,
    ).map(({ keys, values: v }) => {
      const [start = '', stop = ''] = (keys.period ?? '').split('/');
      const all: Record<string, unknown> = {
        campaign_id: keys.campaign_id,
        campaign_name: keys.campaign_name,
        impressions: String(v.impressions),
        reach: String(v.reach),
        clicks: String(v.clicks),
        inline_link_clicks: String(v.inline_link_clicks),
        spend: (v.spend ?? 0).toFixed(2),
        ctr: (v.ctr ?? 0).toFixed(6),
        cpc: (v.cpc ?? 0).toFixed(6),
        cpm: (v.cpm ?? 0).toFixed(6),
        actions: [
          { action_type: 'link_click', value: String(v.inline_link_clicks) },
          { action_type: 'purchase', value: String(v.purchases) },
          { action_type: 'lead', value: String(v.leads) },
          ...metaActions(id, v.impressions ?? 0, 0.02),
        ],
        action_values: [
          { action_type: 'purchase', value: (v.purchase_value ?? 0).toFixed(2) },
          ...metaActions(id, v.impressions ?? 0, 0.5),
        ],
        cost_per_action_type: [
          { action_type: 'purchase', value: ((v.spend ?? 0) / (v.purchases || 1)).toFixed(6) },
          { action_type: 'lead', value: ((v.spend ?? 0) / (v.leads || 1)).toFixed(6) },
          ...metaActions(id, v.spend ?? 0, 0.4),
        ],
      };
      const row: Record<string, unknown> = { date_start: start, date_stop: stop };
      for (const field of fields) {
        if (field in row) continue;
        row[field] = field in all ? all[field] : metaOtherField(id, field, keys, v);
      }
      for (const b of breakdowns) row[b] = META_BREAKDOWN_VALUES[b] ?? `${b} A`;
      return row;
    });
    return page(call, rows);
  },
};

/** Breakdown values the sandbox answers (one per breakdown: rows are not split by it). */
const META_BREAKDOWN_VALUES: Readonly<Record<string, string>> = {
  country: 'US',
  publisher_platform: 'facebook',
  age: '25-34',
  gender: 'female',
  region: 'Texas',
  device_platform: 'mobile',
  impression_device: 'iphone',
  platform_position: 'feed',
};

/** Action types the sandbox's ad accounts record besides purchases and leads. */
const META_ACTION_TYPES = [
  'landing_page_view',
  'post_engagement',
  'page_engagement',
  'post_reaction',
  'comment',
  'post',
  'like',
  'onsite_conversion.post_save',
  'photo_view',
  'video_view',
  'add_to_cart',
  'add_to_wishlist',
  'initiate_checkout',
  'add_payment_info',
  'complete_registration',
  'view_content',
  'search',
  'contact',
  'subscribe',
  'start_trial',
  'schedule',
  'submit_application',
  'find_location',
  'customize_product',
  'donate',
  'mobile_app_install',
  'omni_purchase',
  'offsite_conversion.fb_pixel_purchase',
  'offsite_conversion.fb_pixel_lead',
  'onsite_conversion.lead_grouped',
  'onsite_conversion.messaging_conversation_started_7d',
];

/** A list of every action type with a stable share of `base` each. */
const metaActions = (account: string, base: number, scale: number) =>
  META_ACTION_TYPES.map((type) => ({
    action_type: type,
    value: (base * scale * seeded(account, type)).toFixed(2),
  }));

/** Text fields of the objects, stable per campaign. */
const META_TEXT: Readonly<Record<string, (campaign: string) => string>> = {
  account_name: () => 'Sandbox ad account',
  adset_id: (c) => `${c}1`,
  adset_name: () => 'Ad set 1',
  ad_id: (c) => `${c}11`,
  ad_name: () => 'Ad 1',
  objective: () => 'OUTCOME_SALES',
  buying_type: () => 'AUCTION',
  optimization_goal: () => 'OFFSITE_CONVERSIONS',
  attribution_setting: () => '7d_click_1d_view',
  quality_ranking: () => 'AVERAGE',
  engagement_rate_ranking: () => 'ABOVE_AVERAGE_35',
  conversion_rate_ranking: () => 'AVERAGE',
};

/**
 * Any other Insights field a fetcher asks: object text, a list of figures (video plays,
 * outbound clicks), or a number, each a stable share of the row's impressions.
 */
function metaOtherField(
  account: string,
  field: string,
  keys: Readonly<Record<string, string>>,
  values: Readonly<Record<string, number>>,
): unknown {
  const text = META_TEXT[field];
  if (text) return text(keys.campaign_id ?? account);
  if (field === 'account_id') return account;
  if (field === 'account_currency') return sandboxLocale('facebook-ads', account).currency;
  const share = (values.impressions ?? 0) * 0.1 * seeded(account, field);
  if (
    field.endsWith('_actions') ||
    /^(outbound_clicks|unique_outbound_clicks|cost_per_thruplay|purchase_roas)$/.test(field)
  ) {
    return [{ action_type: 'video_view', value: share.toFixed(2) }];
  }
  return share.toFixed(2);
}

/** The period (first and last day, within the range) a day falls in, or undefined when not valid. */
function periodOf(increment: string, since: string, until: string) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const clip = (start: string, stop: string): [string, string] => [
    start < since ? since : start,
    stop > until ? until : stop,
  ];
  if (increment === 'all_days') return (): [string, string] => [since, until];
  if (increment === 'monthly')
    return (d: string) => {
      const [y = 0, m = 1] = d.split('-').map(Number);
      return clip(day(Date.UTC(y, m - 1, 1)), day(Date.UTC(y, m, 0)));
    };
  const size = /^\d+$/.test(increment) ? Number(increment) : 0;
  if (size < 1 || size > 90) return undefined;
  const from = Date.parse(`${since}T00:00:00Z`);
  return (d: string) => {
    const index = Math.floor((Date.parse(`${d}T00:00:00Z`) - from) / (size * 864e5));
    const start = from + index * size * 864e5;
    return clip(day(start), day(start + (size - 1) * 864e5));
  };
}

/** One page of rows with Graph's cursor paging (cursors hold offsets here). */
export function page(call: SandboxReportCall, rows: readonly unknown[]) {
  const limit = Math.min(PAGE, Math.max(1, Number(call.query.get('limit') ?? 25) || 25));
  const offset = Number(Buffer.from(call.query.get('after') ?? '', 'base64url').toString() || 0);
  const data = rows.slice(offset, offset + limit);
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const next = new URLSearchParams(call.query);
  next.set('after', cursor(offset + limit));
  return {
    json: {
      data,
      paging: {
        cursors: { before: cursor(offset), after: cursor(offset + limit) },
        ...(offset + limit < rows.length
          ? { next: `${call.base}/${call.path}?${next.toString()}` }
          : {}),
      },
    },
  };
}
