/**
 * How each sandbox reporting API bounds a call, declared once per connector with where its
 * provider documents it: the most days one call may span (longer asks get the provider's own
 * error) and how many days a day's figures keep being revised before they are final
 * (attribution windows of ad platforms, processing delays of analytics). A client that keeps
 * a day younger than its settle window as final is caught by the sandbox as by the provider.
 */
export interface ReportRules {
  /** The most days one call may span, both ends included; undefined: no documented limit. */
  maxDaysPerCall?: number;
  /** Days after a day ends during which its figures still change (0: final at once). */
  settleDays: number;
  /** Where the provider documents the limit and the revisions. */
  source: string;
}

/** Events that happened (a payment, a call, a sent email) are facts: final when recorded. */
const EVENTS = (source: string): ReportRules => ({ settleDays: 0, source });

/** By connector nameSimple. */
export const REPORT_RULES: Readonly<Record<string, ReportRules>> = {
  // Processing takes 24 to 48 hours, during which a day's figures may change; runReport has no
  // range limit.
  'google-analytics': {
    settleDays: 2,
    source: 'https://support.google.com/analytics/answer/11198161',
  },
  // Conversions are credited back to the click's day for the conversion window (30 days by
  // default); a GAQL query has no range limit.
  'google-ads': {
    settleDays: 30,
    source: 'https://support.google.com/google-ads/answer/3123169',
  },
  // Search data is final after about three days (dataState "final" leaves fresher days out).
  'google-search-console': {
    settleDays: 3,
    source: 'https://developers.google.com/webmaster-tools/v1/searchanalytics/query',
  },
  // YouTube Analytics figures are estimates revised for a few days.
  'youtube-analytics': {
    settleDays: 3,
    source: 'https://developers.google.com/youtube/analytics/data_model',
  },
  'google-business-profile': {
    settleDays: 3,
    source:
      'https://developers.google.com/my-business/reference/performance/rest/v1/locations/fetchMultiDailyMetricsTimeSeries',
  },
  // Actions are attributed to the impression's day for up to 28 days (the longest default
  // attribution window); the insights edge has no range limit per call.
  'facebook-ads': {
    settleDays: 28,
    source: 'https://developers.facebook.com/docs/marketing-api/insights/',
  },
  // A Page's insights: since and until at most 93 days apart.
  'facebook-insights': {
    maxDaysPerCall: 93,
    settleDays: 2,
    source: 'https://developers.facebook.com/docs/graph-api/reference/insights/',
  },
  // An Instagram account's insights: since and until at most 30 days apart.
  'instagram-insights': {
    maxDaysPerCall: 30,
    settleDays: 2,
    source: 'https://developers.facebook.com/docs/graph-api/reference/shadow-ig-user/insights/',
  },
  // Conversions are credited for the conversion window (30 days by default).
  'bing-ads': {
    settleDays: 30,
    source: 'https://learn.microsoft.com/advertising/guides/reports',
  },
  // Conversions are credited for the post-click window (30 days by default).
  'linkedin-ads': {
    settleDays: 30,
    source:
      'https://learn.microsoft.com/linkedin/marketing/integrations/ads-reporting/ads-reporting',
  },
  'linkedin-pages': {
    settleDays: 2,
    source:
      'https://learn.microsoft.com/linkedin/marketing/community-management/organizations/share-statistics',
  },
  // Synchronous stats span at most 7 days; billed figures are final after 3 days.
  'x-ads': {
    maxDaysPerCall: 7,
    settleDays: 3,
    source: 'https://developer.x.com/en/docs/x-ads-api/analytics/api-reference/synchronous',
  },
  // Ad account analytics span at most 90 days; conversions use a 30-day click window.
  'pinterest-ads': {
    maxDaysPerCall: 90,
    settleDays: 30,
    source:
      'https://developers.pinterest.com/docs/api/v5/ad_accounts-analytics (and PinterestSdkClient::AdAccountsApi#ad_account_analytics)',
  },
  // Daily reports (stat_time_day) span at most 30 days; 7-day click attribution by default.
  'tiktok-ads': {
    maxDaysPerCall: 30,
    settleDays: 7,
    source: 'https://business-api.tiktok.com/portal/docs?id=1740302848100353',
  },
  // DAY granularity spans at most 32 days; swipe-up attribution runs 28 days.
  'snapchat-ads': {
    maxDaysPerCall: 32,
    settleDays: 28,
    source: 'https://developers.snap.com/api/marketing-api/Ads-API/measurement',
  },
  // A report spans at most 31 days; purchases are attributed for up to 14 days.
  'amazon-ads': {
    maxDaysPerCall: 31,
    settleDays: 14,
    source:
      'https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started (and github.com/amzn/ads-advanced-tools-docs/discussions/157)',
  },
  'hubspot-analytics': {
    settleDays: 1,
    source: 'https://legacydocs.hubspot.com/docs/methods/analytics/get-analytics-data-breakdowns',
  },
  mailchimp: EVENTS('https://mailchimp.com/developer/marketing/api/reports/'),
  'constant-contact': EVENTS(
    'https://developer.constantcontact.com/api_reference/index.html#!/Reporting',
  ),
  stripe: EVENTS('https://docs.stripe.com/api/balance_transactions/list'),
  etsy: EVENTS('https://developers.etsy.com/documentation/reference#operation/getShopReceipts'),
  salesforce: EVENTS(
    'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm',
  ),
  callrail: EVENTS('https://apidocs.callrail.com/#calls'),
  whatconverts: EVENTS('https://www.whatconverts.com/api/leads'),
};

/** A connector's rules; a connector with none declared settles at once and has no limit. */
export const reportRules = (connector: string): ReportRules =>
  REPORT_RULES[connector] ?? { settleDays: 0, source: '' };
