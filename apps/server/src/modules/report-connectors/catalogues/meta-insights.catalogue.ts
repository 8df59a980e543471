import {
  currencyType,
  DATE,
  dimension,
  distinct,
  metric,
  money,
  percent,
  providerField,
  ratioOf,
} from '../../reports/report-fields.ts';
import type { ReportAccount, ReportField } from '../../reports/report-fetcher.ts';

/**
 * Meta's Insights fields, breakdowns and action types as data, from its reference:
 * https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ (fields),
 * https://developers.facebook.com/docs/marketing-api/insights/breakdowns (breakdowns) and
 * https://developers.facebook.com/docs/marketing-api/reference/ads-action-stats/ (action types).
 *
 * `api` says how the fetcher asks and reads each field:
 * - `spend`: an Insights field, read as is (Meta writes its rates as percentages);
 * - `breakdown:age`: a breakdown, asked in `breakdowns` and read from the row's own key;
 * - `actions:lead`: one action type's value in a list field (actions, action_values,
 *   cost_per_action_type), asked as the list field;
 * - `video_play_actions[]`: a list field whose values add up to the figure.
 */

/** Fields of the objects rows belong to (asking one picks the Insights level). */
const OBJECTS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['account_id', 'account_id', 'Account ID', 'The ad account id.'],
  ['account_name', 'account_name', 'Account name', 'The ad account name.'],
  ['campaign_id', 'campaign_id', 'Campaign ID', 'The campaign id.'],
  ['campaign', 'campaign_name', 'Campaign', 'The campaign name.'],
  ['adset_id', 'adset_id', 'Ad set ID', 'The ad set id.'],
  ['adset', 'adset_name', 'Ad set', 'The ad set name.'],
  ['ad_id', 'ad_id', 'Ad ID', 'The ad id.'],
  ['ad', 'ad_name', 'Ad', 'The ad name.'],
  ['objective', 'objective', 'Objective', 'The campaign objective (OUTCOME_SALES, ...).'],
  ['buying_type', 'buying_type', 'Buying type', 'AUCTION or RESERVED.'],
  ['optimization_goal', 'optimization_goal', 'Optimization goal', 'What the ad set optimizes for.'],
  [
    'attribution_setting',
    'attribution_setting',
    'Attribution setting',
    'The attribution window of the figures.',
  ],
  ['account_currency', 'account_currency', 'Account currency', 'The ad account currency code.'],
  [
    'quality_ranking',
    'quality_ranking',
    'Quality ranking',
    'The ad quality against ads competing for the same audience.',
  ],
  [
    'engagement_rate_ranking',
    'engagement_rate_ranking',
    'Engagement rate ranking',
    'Expected engagement rate against competing ads.',
  ],
  [
    'conversion_rate_ranking',
    'conversion_rate_ranking',
    'Conversion rate ranking',
    'Expected conversion rate against competing ads.',
  ],
];

/** Breakdowns: our id, Meta's name, name, description. */
const BREAKDOWNS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['age', 'age', 'Age', 'The age range of the people reached.'],
  ['gender', 'gender', 'Gender', 'The gender of the people reached.'],
  ['country', 'country', 'Country', 'Where the ad was shown.'],
  ['region', 'region', 'Region', 'The region where the ad was shown.'],
  ['dma', 'dma', 'DMA region', 'The designated market area where the ad was shown.'],
  [
    'publisher_platform',
    'publisher_platform',
    'Platform',
    'facebook, instagram, audience_network, messenger.',
  ],
  [
    'platform_position',
    'platform_position',
    'Placement',
    'feed, story, reels, right_hand_column, ...',
  ],
  ['device_platform', 'device_platform', 'Device platform', 'mobile or desktop.'],
  ['impression_device', 'impression_device', 'Impression device', 'The device the ad was seen on.'],
  [
    'hour_advertiser',
    'hourly_stats_aggregated_by_advertiser_time_zone',
    'Hour (account time zone)',
    'The hour of the day in the ad account time zone.',
  ],
  [
    'hour_audience',
    'hourly_stats_aggregated_by_audience_time_zone',
    'Hour (viewer time zone)',
    'The hour of the day in the viewer time zone.',
  ],
  ['frequency_value', 'frequency_value', 'Frequency', 'How many times people saw the ad.'],
];

/** Action types: id part, Meta's action_type, name. */
const ACTION_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ['link_click', 'link_click', 'Link clicks (action)'],
  ['landing_page_view', 'landing_page_view', 'Landing page views'],
  ['post_engagement', 'post_engagement', 'Post engagements'],
  ['page_engagement', 'page_engagement', 'Page engagements'],
  ['post_reaction', 'post_reaction', 'Post reactions'],
  ['comment', 'comment', 'Post comments'],
  ['post_share', 'post', 'Post shares'],
  ['page_like', 'like', 'Page likes'],
  ['post_save', 'onsite_conversion.post_save', 'Post saves'],
  ['photo_view', 'photo_view', 'Photo views'],
  ['video_view', 'video_view', '3-second video plays'],
  ['add_to_cart', 'add_to_cart', 'Adds to cart'],
  ['add_to_wishlist', 'add_to_wishlist', 'Adds to wishlist'],
  ['initiate_checkout', 'initiate_checkout', 'Checkouts initiated'],
  ['add_payment_info', 'add_payment_info', 'Adds of payment info'],
  ['complete_registration', 'complete_registration', 'Registrations completed'],
  ['view_content', 'view_content', 'Content views'],
  ['search', 'search', 'Searches'],
  ['contact', 'contact', 'Contacts'],
  ['subscribe', 'subscribe', 'Subscriptions'],
  ['start_trial', 'start_trial', 'Trials started'],
  ['schedule', 'schedule', 'Appointments scheduled'],
  ['submit_application', 'submit_application', 'Applications submitted'],
  ['find_location', 'find_location', 'Location searches'],
  ['customize_product', 'customize_product', 'Products customized'],
  ['donate', 'donate', 'Donations'],
  ['app_install', 'mobile_app_install', 'App installs'],
  ['omni_purchase', 'omni_purchase', 'Purchases (all channels)'],
  ['pixel_purchase', 'offsite_conversion.fb_pixel_purchase', 'Website purchases'],
  ['pixel_lead', 'offsite_conversion.fb_pixel_lead', 'Website leads'],
  ['lead_form', 'onsite_conversion.lead_grouped', 'On-Facebook leads'],
  [
    'messaging_started',
    'onsite_conversion.messaging_conversation_started_7d',
    'Messaging conversations started',
  ],
];

/** Action types with a value (action_values) and a cost per action (cost_per_action_type). */
const VALUED = [
  'add_to_cart',
  'initiate_checkout',
  'complete_registration',
  'omni_purchase',
  'pixel_purchase',
];
const COSTED = [
  'link_click',
  'landing_page_view',
  'add_to_cart',
  'initiate_checkout',
  'complete_registration',
  'view_content',
  'pixel_lead',
  'lead_form',
];

/** List fields of video and click figures: our id, Meta's field, name, description. */
const LISTS: ReadonlyArray<readonly [string, string, string, string]> = [
  [
    'outbound_clicks',
    'outbound_clicks',
    'Outbound clicks',
    'Clicks that took people off Meta technologies.',
  ],
  [
    'unique_outbound_clicks',
    'unique_outbound_clicks',
    'Unique outbound clicks',
    'People who clicked off Meta technologies.',
  ],
  ['video_plays', 'video_play_actions', 'Video plays', 'Times a video started to play.'],
  [
    'video_thruplays',
    'video_thruplay_watched_actions',
    'ThruPlays',
    'Plays to completion or for at least 15 seconds.',
  ],
  [
    'video_30_sec_views',
    'video_30_sec_watched_actions',
    '30-second video views',
    'Plays of at least 30 seconds.',
  ],
  [
    'video_p25',
    'video_p25_watched_actions',
    'Video plays at 25%',
    'Plays that reached 25 % of the video.',
  ],
  [
    'video_p50',
    'video_p50_watched_actions',
    'Video plays at 50%',
    'Plays that reached 50 % of the video.',
  ],
  [
    'video_p75',
    'video_p75_watched_actions',
    'Video plays at 75%',
    'Plays that reached 75 % of the video.',
  ],
  [
    'video_p95',
    'video_p95_watched_actions',
    'Video plays at 95%',
    'Plays that reached 95 % of the video.',
  ],
  [
    'video_p100',
    'video_p100_watched_actions',
    'Video plays at 100%',
    'Plays that reached the end of the video.',
  ],
];

/** Every Facebook Ads field, the first ones with the ids reports already use. */
export function metaInsightsCatalogue(account: ReportAccount): ReportField[] {
  const cost = (id: string, name: string, description: string) =>
    money(account, id, name, description);
  // Money Meta averages over people or plays: no period's parts give it again.
  const averageMoney = (id: string, name: string, description: string) =>
    metric(id, name, description, currencyType(account), 'AVG');
  const delivery = 'Delivery';
  const clicksGroup = 'Clicks';
  const fields: ReportField[] = [
    providerField('date_start', 'Time', DATE),
    ...OBJECTS.map(([id, api, name, description]) =>
      providerField(api, 'Objects', dimension(id, name, description)),
    ),
    ...BREAKDOWNS.map(([id, api, name, description]) =>
      providerField(
        `breakdown:${api}`,
        'Breakdowns',
        dimension(
          id,
          name,
          description,
          api === 'country' ? 'COUNTRY' : api === 'region' ? 'REGION' : 'TEXT',
        ),
      ),
    ),
    providerField(
      'impressions',
      delivery,
      metric('impressions', 'Impressions', 'Times ads were on screen.'),
    ),
    providerField(
      'reach',
      delivery,
      metric(
        'reach',
        'Reach',
        'People who saw the ads (not summable across days).',
        'NUMBER',
        'MAX',
      ),
    ),
    providerField(
      'frequency',
      delivery,
      metric('frequency', 'Frequency', 'Average times each person saw the ads.', 'NUMBER', 'AVG'),
    ),
    providerField(
      'full_view_impressions',
      delivery,
      metric(
        'full_view_impressions',
        'Full view impressions',
        'Impressions with the whole ad in view.',
      ),
    ),
    providerField(
      'full_view_reach',
      delivery,
      distinct('full_view_reach', 'Full view reach', 'People who saw the whole ad.'),
    ),
    providerField(
      'estimated_ad_recallers',
      delivery,
      distinct(
        'estimated_ad_recallers',
        'Estimated ad recall lift (people)',
        'People estimated to remember the ad within two days.',
      ),
    ),
    providerField(
      'estimated_ad_recall_rate',
      delivery,
      percent(
        'estimated_ad_recall_rate',
        'Estimated ad recall lift rate',
        'Recallers per person reached.',
      ),
    ),
    providerField(
      'clicks',
      clicksGroup,
      metric('clicks', 'Clicks (all)', 'All clicks on the ads.'),
    ),
    providerField(
      'unique_clicks',
      clicksGroup,
      distinct('unique_clicks', 'Unique clicks (all)', 'People who clicked the ads.'),
    ),
    providerField(
      'inline_link_clicks',
      clicksGroup,
      metric('link_clicks', 'Link clicks', 'Clicks on links to the advertised destination.'),
    ),
    providerField(
      'unique_inline_link_clicks',
      clicksGroup,
      distinct('unique_link_clicks', 'Unique link clicks', 'People who clicked a link.'),
    ),
    providerField(
      'inline_post_engagement',
      'Engagement',
      metric(
        'post_engagement',
        'Post engagement',
        'Reactions, comments, shares and clicks on the ad post.',
      ),
    ),
    providerField(
      'instant_experience_clicks_to_open',
      'Engagement',
      metric(
        'instant_experience_opens',
        'Instant Experience opens',
        'Clicks that opened the Instant Experience.',
      ),
    ),
    providerField(
      'instant_experience_clicks_to_start',
      'Engagement',
      metric(
        'instant_experience_starts',
        'Instant Experience starts',
        'Clicks that started the Instant Experience.',
      ),
    ),
    providerField(
      'instant_experience_outbound_clicks',
      'Engagement',
      metric(
        'instant_experience_outbound_clicks',
        'Instant Experience outbound clicks',
        'Clicks from the Instant Experience to a destination off Meta.',
      ),
    ),
    providerField(
      'canvas_avg_view_time',
      'Engagement',
      metric(
        'instant_experience_view_time',
        'Instant Experience view time',
        'Average seconds spent in the Instant Experience.',
        'DURATION',
        'AVG',
      ),
    ),
    providerField(
      'canvas_avg_view_percent',
      'Engagement',
      percent(
        'instant_experience_view_percent',
        'Instant Experience view percentage',
        'Average share of the Instant Experience seen.',
      ),
    ),
    providerField(
      'spend',
      'Cost',
      cost('cost', 'Amount spent', 'Spend, in the ad account currency.'),
    ),
    providerField(
      'social_spend',
      'Cost',
      cost('social_spend', 'Social spend', 'Spend on ads shown with social information.'),
    ),
    providerField(
      'ctr',
      clicksGroup,
      ratioOf(percent('ctr', 'CTR (all)', 'Clicks per impression.'), 'clicks', 'impressions'),
    ),
    providerField(
      'unique_ctr',
      clicksGroup,
      percent('unique_ctr', 'Unique CTR (all)', 'People who clicked per person reached.'),
    ),
    providerField(
      'inline_link_click_ctr',
      clicksGroup,
      ratioOf(
        percent('link_ctr', 'Link CTR', 'Link clicks per impression.'),
        'link_clicks',
        'impressions',
      ),
    ),
    providerField(
      'unique_inline_link_click_ctr',
      clicksGroup,
      percent(
        'unique_link_ctr',
        'Unique link CTR',
        'People who clicked a link per person reached.',
      ),
    ),
    providerField(
      'cpc',
      'Cost',
      ratioOf(cost('cpc', 'CPC (all)', 'Cost per click.'), 'cost', 'clicks'),
    ),
    providerField(
      'cpm',
      'Cost',
      ratioOf(cost('cpm', 'CPM', 'Cost per 1,000 impressions.'), 'cost', 'impressions', 1000),
    ),
    providerField(
      'cpp',
      'Cost',
      averageMoney('cpp', 'Cost per 1,000 people reached', 'Spend per 1,000 people reached.'),
    ),
    providerField(
      'cost_per_inline_link_click',
      'Cost',
      ratioOf(
        cost('cost_per_link_click', 'Cost per link click', 'Spend per link click.'),
        'cost',
        'link_clicks',
      ),
    ),
    providerField(
      'cost_per_inline_post_engagement',
      'Cost',
      ratioOf(
        cost('cost_per_post_engagement', 'Cost per post engagement', 'Spend per post engagement.'),
        'cost',
        'post_engagement',
      ),
    ),
    providerField(
      'cost_per_unique_click',
      'Cost',
      averageMoney(
        'cost_per_unique_click',
        'Cost per unique click',
        'Spend per person who clicked.',
      ),
    ),
    providerField(
      'cost_per_unique_inline_link_click',
      'Cost',
      averageMoney(
        'cost_per_unique_link_click',
        'Cost per unique link click',
        'Spend per person who clicked a link.',
      ),
    ),
    providerField(
      'cost_per_estimated_ad_recallers',
      'Cost',
      averageMoney(
        'cost_per_ad_recaller',
        'Cost per estimated ad recall lift',
        'Spend per person estimated to remember the ad.',
      ),
    ),
    providerField(
      'video_avg_time_watched_actions[]',
      'Video',
      metric(
        'video_average_watch_time',
        'Video average play time',
        'Average seconds a video played.',
        'DURATION',
        'AVG',
      ),
    ),
    providerField(
      'cost_per_thruplay[]',
      'Cost',
      averageMoney('cost_per_thruplay', 'Cost per ThruPlay', 'Spend per ThruPlay.'),
    ),
    providerField(
      'purchase_roas[]',
      'Conversions',
      metric('purchase_roas', 'Purchase ROAS', 'Purchase value per amount spent.', 'NUMBER', 'AVG'),
    ),
    ...LISTS.map(([id, api, name, description]) =>
      providerField(
        `${api}[]`,
        id.startsWith('video') ? 'Video' : clicksGroup,
        id.startsWith('unique') ? distinct(id, name, description) : metric(id, name, description),
      ),
    ),
    // The first action fields, with the ids reports already use.
    providerField(
      'actions:purchase',
      'Conversions',
      metric('purchases', 'Purchases', 'Purchase actions attributed to the ads.'),
    ),
    providerField(
      'actions:lead',
      'Conversions',
      metric('leads', 'Leads', 'Lead actions attributed to the ads.'),
    ),
    providerField(
      'action_values:purchase',
      'Conversions',
      cost('purchase_value', 'Purchase value', 'Value of the purchases.'),
    ),
    providerField(
      'cost_per_action_type:purchase',
      'Cost',
      ratioOf(
        cost('cost_per_purchase', 'Cost per purchase', 'Spend per purchase.'),
        'cost',
        'purchases',
      ),
    ),
    providerField(
      'cost_per_action_type:lead',
      'Cost',
      ratioOf(cost('cost_per_lead', 'Cost per lead', 'Spend per lead.'), 'cost', 'leads'),
    ),
    ...ACTION_TYPES.map(([id, type, name]) =>
      providerField(
        `actions:${type}`,
        'Actions',
        metric(`action_${id}`, name, `"${type}" actions attributed to the ads.`),
      ),
    ),
    ...ACTION_TYPES.filter(([id]) => VALUED.includes(id)).map(([id, type, name]) =>
      providerField(
        `action_values:${type}`,
        'Action values',
        cost(`value_${id}`, `${name} value`, `Value of the "${type}" actions.`),
      ),
    ),
    ...ACTION_TYPES.filter(([id]) => COSTED.includes(id)).map(([id, type, name]) =>
      providerField(
        `cost_per_action_type:${type}`,
        'Cost',
        ratioOf(
          cost(
            `cost_per_action_${id}`,
            `Cost per ${name.toLowerCase()}`,
            `Spend per "${type}" action.`,
          ),
          'cost',
          `action_${id}`,
        ),
      ),
    ),
  ];
  return fields;
}

/**
 * Breakdowns Meta answers without off-Meta actions (its "Type 1" restriction): a chart with one
 * of them and an action figure would come back without the actions.
 * https://developers.facebook.com/docs/marketing-api/insights/breakdowns
 */
const NO_ACTIONS = new Set([
  'breakdown:region',
  'breakdown:dma',
  'breakdown:hourly_stats_aggregated_by_advertiser_time_zone',
  'breakdown:hourly_stats_aggregated_by_audience_time_zone',
]);

export function metaConflict(fields: readonly ReportField[]): string | undefined {
  const breakdown = fields.find((f) => f.api && NO_ACTIONS.has(f.api));
  const action = fields.find(
    (f) => f.api && /^(actions|action_values|cost_per_action_type):/.test(f.api),
  );
  if (breakdown && action) {
    return `Facebook Ads does not report actions such as "${action.name}" by "${breakdown.name}". Remove one of them from the chart.`;
  }
  return undefined;
}
