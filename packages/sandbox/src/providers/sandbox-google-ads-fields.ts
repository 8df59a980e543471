/**
 * The sandbox's Google Ads field catalogue, as data: the resources of the campaign, ad group,
 * ad, keyword and search-term reports, their attributes, the segments and metrics each report
 * selects, and which segments and metrics Google refuses together. Names and data types are
 * GAQL's (https://developers.google.com/google-ads/api/fields/v20/overview); the field service
 * answers them (sandbox-google-ads-field-service.ts) and the report answer obeys them.
 */

/** The report resources, least detailed first, and the resources each joins for attributes. */
export const REPORT_RESOURCES: Readonly<Record<string, readonly string[]>> = {
  campaign: ['customer'],
  ad_group: ['campaign', 'customer'],
  ad_group_ad: ['ad_group', 'campaign', 'customer'],
  keyword_view: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'],
  search_term_view: ['ad_group', 'campaign', 'customer'],
};

/** An attribute: its name after the resource, data type, and values for an ENUM. */
type Attribute = readonly [name: string, dataType: string, values?: readonly string[]];

const STATUS = ['ENABLED', 'PAUSED', 'REMOVED'];
const PRIMARY = ['ELIGIBLE', 'LIMITED', 'NOT_ELIGIBLE', 'PAUSED', 'PENDING'];
const QUALITY = ['ABOVE_AVERAGE', 'AVERAGE', 'BELOW_AVERAGE'];
const APPROVAL = ['APPROVED', 'APPROVED_LIMITED', 'DISAPPROVED', 'AREA_OF_INTEREST_ONLY'];

/** Attributes by resource (repeated fields and resource names are listed, not selectable here). */
export const ATTRIBUTES: Readonly<Record<string, readonly Attribute[]>> = {
  customer: [
    ['id', 'INT64'],
    ['descriptive_name', 'STRING'],
    ['currency_code', 'STRING'],
    ['time_zone', 'STRING'],
    ['resource_name', 'RESOURCE_NAME'],
  ],
  campaign: [
    ['id', 'INT64'],
    ['name', 'STRING'],
    ['status', 'ENUM', STATUS],
    ['serving_status', 'ENUM', ['SERVING', 'NONE', 'ENDED', 'PENDING', 'SUSPENDED']],
    ['primary_status', 'ENUM', PRIMARY],
    [
      'advertising_channel_type',
      'ENUM',
      ['SEARCH', 'DISPLAY', 'SHOPPING', 'VIDEO', 'PERFORMANCE_MAX', 'DEMAND_GEN'],
    ],
    ['advertising_channel_sub_type', 'ENUM', ['SEARCH_MOBILE_APP', 'DISPLAY_SMART_CAMPAIGN']],
    [
      'bidding_strategy_type',
      'ENUM',
      ['MANUAL_CPC', 'MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'TARGET_ROAS', 'TARGET_SPEND'],
    ],
    ['start_date', 'DATE'],
    ['end_date', 'DATE'],
    ['optimization_score', 'DOUBLE'],
    ['tracking_url_template', 'STRING'],
    ['final_url_suffix', 'STRING'],
    ['experiment_type', 'ENUM', ['BASE', 'DRAFT', 'EXPERIMENT']],
    ['payment_mode', 'ENUM', ['CLICKS', 'CONVERSIONS', 'CONVERSION_VALUE']],
    ['target_cpa.target_cpa_micros', 'INT64'],
    ['target_roas.target_roas', 'DOUBLE'],
    ['labels', 'RESOURCE_NAME'],
    ['resource_name', 'RESOURCE_NAME'],
  ],
  ad_group: [
    ['id', 'INT64'],
    ['name', 'STRING'],
    ['status', 'ENUM', STATUS],
    ['type', 'ENUM', ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'VIDEO_RESPONSIVE']],
    ['primary_status', 'ENUM', PRIMARY],
    ['ad_rotation_mode', 'ENUM', ['OPTIMIZE', 'ROTATE_FOREVER']],
    ['cpc_bid_micros', 'INT64'],
    ['cpm_bid_micros', 'INT64'],
    ['target_cpa_micros', 'INT64'],
    ['effective_target_cpa_micros', 'INT64'],
    ['target_roas', 'DOUBLE'],
    ['tracking_url_template', 'STRING'],
    ['final_url_suffix', 'STRING'],
    ['labels', 'RESOURCE_NAME'],
    ['resource_name', 'RESOURCE_NAME'],
  ],
  ad_group_ad: [
    ['ad.id', 'INT64'],
    ['ad.name', 'STRING'],
    ['ad.type', 'ENUM', ['RESPONSIVE_SEARCH_AD', 'RESPONSIVE_DISPLAY_AD', 'IMAGE_AD', 'VIDEO_AD']],
    ['ad.display_url', 'STRING'],
    ['ad.final_urls', 'STRING'],
    ['ad.added_by_google_ads', 'BOOLEAN'],
    ['ad.device_preference', 'ENUM', ['MOBILE', 'DESKTOP', 'TABLET']],
    ['ad.tracking_url_template', 'STRING'],
    ['ad.responsive_search_ad.path1', 'STRING'],
    ['ad.responsive_search_ad.path2', 'STRING'],
    ['status', 'ENUM', STATUS],
    ['ad_strength', 'ENUM', ['EXCELLENT', 'GOOD', 'AVERAGE', 'POOR', 'PENDING']],
    ['primary_status', 'ENUM', PRIMARY],
    ['policy_summary.approval_status', 'ENUM', APPROVAL],
    [
      'policy_summary.review_status',
      'ENUM',
      ['REVIEWED', 'REVIEW_IN_PROGRESS', 'ELIGIBLE_MAY_SERVE'],
    ],
    ['resource_name', 'RESOURCE_NAME'],
  ],
  ad_group_criterion: [
    ['criterion_id', 'INT64'],
    ['keyword.text', 'STRING'],
    ['keyword.match_type', 'ENUM', ['EXACT', 'PHRASE', 'BROAD']],
    ['status', 'ENUM', STATUS],
    ['negative', 'BOOLEAN'],
    ['approval_status', 'ENUM', APPROVAL],
    ['system_serving_status', 'ENUM', ['ELIGIBLE', 'RARELY_SERVED']],
    ['quality_info.quality_score', 'INT32'],
    ['quality_info.creative_quality_score', 'ENUM', QUALITY],
    ['quality_info.post_click_quality_score', 'ENUM', QUALITY],
    ['quality_info.search_predicted_ctr', 'ENUM', QUALITY],
    ['position_estimates.first_page_cpc_micros', 'INT64'],
    ['position_estimates.top_of_page_cpc_micros', 'INT64'],
    ['position_estimates.first_position_cpc_micros', 'INT64'],
    ['cpc_bid_micros', 'INT64'],
    ['effective_cpc_bid_micros', 'INT64'],
    ['final_urls', 'STRING'],
    ['resource_name', 'RESOURCE_NAME'],
  ],
  keyword_view: [['resource_name', 'RESOURCE_NAME']],
  search_term_view: [
    ['search_term', 'STRING'],
    ['status', 'ENUM', ['ADDED', 'EXCLUDED', 'ADDED_EXCLUDED', 'NONE']],
    ['resource_name', 'RESOURCE_NAME'],
  ],
};

/** Attributes the field service marks repeated (lists, which no report chart can show). */
export const REPEATED = new Set([
  'campaign.labels',
  'ad_group.labels',
  'ad_group_ad.ad.final_urls',
  'ad_group_criterion.final_urls',
]);

/** Which report resources select a segment or metric. */
const ALL = Object.keys(REPORT_RESOURCES);
const NO_TERMS = ['campaign', 'ad_group', 'ad_group_ad', 'keyword_view'];
const SEARCH_SHARE = ['campaign', 'ad_group', 'keyword_view'];
const CAMPAIGN_AD_GROUP = ['campaign', 'ad_group'];
const WITH_ADS = ['campaign', 'ad_group', 'ad_group_ad'];
const TERMS = ['search_term_view'];

/** A segment: its name, data type, the resources that select it, and values for an ENUM. */
type Segment = readonly [
  name: string,
  dataType: string,
  resources: readonly string[],
  values?: readonly string[],
];

export const SEGMENTS: readonly Segment[] = [
  ['date', 'DATE', ALL],
  [
    'day_of_week',
    'ENUM',
    ALL,
    ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
  ],
  ['week', 'DATE', ALL],
  ['month', 'DATE', ALL],
  ['quarter', 'DATE', ALL],
  ['year', 'INT32', ALL],
  ['hour', 'INT32', NO_TERMS],
  ['device', 'ENUM', ALL, ['MOBILE', 'DESKTOP', 'TABLET', 'CONNECTED_TV', 'OTHER']],
  ['ad_network_type', 'ENUM', ALL, ['SEARCH', 'SEARCH_PARTNERS', 'CONTENT', 'YOUTUBE', 'MIXED']],
  [
    'click_type',
    'ENUM',
    ALL,
    ['URL_CLICKS', 'CALLS', 'SITELINKS', 'CALL_TRACKING', 'LOCATION_EXPANSION'],
  ],
  ['slot', 'ENUM', ALL, ['SEARCH_TOP', 'SEARCH_OTHER', 'CONTENT', 'SEARCH_PARTNER_TOP', 'MIXED']],
  ['conversion_action_name', 'STRING', ALL],
  [
    'conversion_action_category',
    'ENUM',
    ALL,
    ['PURCHASE', 'SUBMIT_LEAD_FORM', 'PHONE_CALL_LEAD', 'SIGNUP', 'PAGE_VIEW'],
  ],
  ['external_conversion_source', 'ENUM', ALL, ['WEBPAGE', 'ANALYTICS', 'UPLOAD', 'CLICK_TO_CALL']],
  ['keyword.info.text', 'STRING', TERMS],
  ['keyword.info.match_type', 'ENUM', TERMS, ['EXACT', 'PHRASE', 'BROAD']],
  [
    'search_term_match_type',
    'ENUM',
    TERMS,
    ['BROAD', 'EXACT', 'PHRASE', 'NEAR_EXACT', 'NEAR_PHRASE'],
  ],
];

/** A metric: its name, data type and the resources that select it. */
type Metric = readonly [name: string, dataType: string, resources: readonly string[]];

export const METRICS: readonly Metric[] = [
  ['impressions', 'INT64', ALL],
  ['clicks', 'INT64', ALL],
  ['cost_micros', 'INT64', ALL],
  ['ctr', 'DOUBLE', ALL],
  ['average_cpc', 'DOUBLE', ALL],
  ['average_cpm', 'DOUBLE', ALL],
  ['average_cost', 'DOUBLE', ALL],
  ['interactions', 'INT64', ALL],
  ['interaction_rate', 'DOUBLE', ALL],
  ['engagements', 'INT64', ALL],
  ['engagement_rate', 'DOUBLE', ALL],
  ['average_cpe', 'DOUBLE', WITH_ADS],
  ['average_page_views', 'DOUBLE', NO_TERMS],
  ['average_time_on_site', 'DOUBLE', NO_TERMS],
  ['bounce_rate', 'DOUBLE', NO_TERMS],
  ['percent_new_visitors', 'DOUBLE', NO_TERMS],
  ['top_impression_percentage', 'DOUBLE', NO_TERMS],
  ['absolute_top_impression_percentage', 'DOUBLE', NO_TERMS],
  ['invalid_clicks', 'INT64', ['campaign']],
  ['invalid_click_rate', 'DOUBLE', ['campaign']],
  ['gmail_forwards', 'INT64', WITH_ADS],
  ['gmail_saves', 'INT64', WITH_ADS],
  ['gmail_secondary_clicks', 'INT64', WITH_ADS],
  ['phone_calls', 'INT64', WITH_ADS],
  ['phone_impressions', 'INT64', WITH_ADS],
  ['phone_through_rate', 'DOUBLE', WITH_ADS],
  ['active_view_impressions', 'INT64', NO_TERMS],
  ['active_view_measurability', 'DOUBLE', NO_TERMS],
  ['active_view_measurable_impressions', 'INT64', NO_TERMS],
  ['active_view_measurable_cost_micros', 'INT64', NO_TERMS],
  ['active_view_viewability', 'DOUBLE', NO_TERMS],
  ['active_view_ctr', 'DOUBLE', NO_TERMS],
  ['active_view_cpm', 'DOUBLE', NO_TERMS],
  ['conversions', 'DOUBLE', ALL],
  ['conversions_value', 'DOUBLE', ALL],
  ['all_conversions', 'DOUBLE', ALL],
  ['all_conversions_value', 'DOUBLE', ALL],
  ['conversions_from_interactions_rate', 'DOUBLE', ALL],
  ['all_conversions_from_interactions_rate', 'DOUBLE', ALL],
  ['cost_per_conversion', 'DOUBLE', ALL],
  ['cost_per_all_conversions', 'DOUBLE', ALL],
  ['value_per_conversion', 'DOUBLE', ALL],
  ['value_per_all_conversions', 'DOUBLE', ALL],
  ['view_through_conversions', 'INT64', ALL],
  ['cross_device_conversions', 'DOUBLE', ALL],
  ['conversions_value_per_cost', 'DOUBLE', ALL],
  ['all_conversions_value_per_cost', 'DOUBLE', ALL],
  ['current_model_attributed_conversions', 'DOUBLE', ALL],
  ['current_model_attributed_conversions_value', 'DOUBLE', ALL],
  ['cost_per_current_model_attributed_conversion', 'DOUBLE', ALL],
  ['value_per_current_model_attributed_conversion', 'DOUBLE', ALL],
  ['current_model_attributed_conversions_from_interactions_rate', 'DOUBLE', ALL],
  ['current_model_attributed_conversions_value_per_cost', 'DOUBLE', ALL],
  ['conversions_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['conversions_value_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['all_conversions_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['all_conversions_value_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['value_per_conversions_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['value_per_all_conversions_by_conversion_date', 'DOUBLE', NO_TERMS],
  ['cross_device_conversions_value_micros', 'INT64', NO_TERMS],
  ['all_conversions_from_click_to_call', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_directions', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_menu', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_order', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_other_engagement', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_store_visit', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['all_conversions_from_store_website', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['search_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_rank_lost_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_exact_match_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_top_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_absolute_top_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_rank_lost_top_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_rank_lost_absolute_top_impression_share', 'DOUBLE', SEARCH_SHARE],
  ['search_click_share', 'DOUBLE', SEARCH_SHARE],
  ['search_budget_lost_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['search_budget_lost_top_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['search_budget_lost_absolute_top_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['content_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['content_rank_lost_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['content_budget_lost_impression_share', 'DOUBLE', CAMPAIGN_AD_GROUP],
  ['video_views', 'INT64', WITH_ADS],
  ['video_view_rate', 'DOUBLE', WITH_ADS],
  ['average_cpv', 'DOUBLE', WITH_ADS],
  ['video_quartile_p25_rate', 'DOUBLE', WITH_ADS],
  ['video_quartile_p50_rate', 'DOUBLE', WITH_ADS],
  ['video_quartile_p75_rate', 'DOUBLE', WITH_ADS],
  ['video_quartile_p100_rate', 'DOUBLE', WITH_ADS],
  ['historical_quality_score', 'INT64', ['keyword_view']],
  ['historical_creative_quality_score', 'ENUM', ['keyword_view']],
  ['historical_landing_page_quality_score', 'ENUM', ['keyword_view']],
  ['historical_search_predicted_ctr', 'ENUM', ['keyword_view']],
];

/**
 * Segments and the metrics Google refuses beside them (its PROHIBITED_SEGMENT_WITH_METRIC
 * error): conversion-action segments split conversions only, and impression share, Active
 * View and quality figures are not split by click type, slot or hour.
 */
const CONVERSION_COUNTS =
  /^(all_)?conversions(_value)?(_by_conversion_date)?$|^value_per_|^view_through_conversions$|^cross_device_conversions$|^current_model_attributed_conversions(_value)?$/;
const UNSPLIT = /impression_share|click_share|impression_percentage|^active_view_|^historical_/;

export function refusedTogether(segment: string, metric: string): boolean {
  if (/^(conversion_action_|external_conversion_source)/.test(segment)) {
    return !CONVERSION_COUNTS.test(metric);
  }
  if (['click_type', 'slot', 'hour'].includes(segment)) return UNSPLIT.test(metric);
  return false;
}
