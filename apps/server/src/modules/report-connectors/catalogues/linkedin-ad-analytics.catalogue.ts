import {
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
 * LinkedIn's ad analytics metrics as data, from its reference (the adAnalytics finder's
 * `fields`, by campaign pivot):
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting
 * `api` is the adAnalytics field each reads; the pivot's campaign and the day come with every
 * element.
 */

/** Summable counts: our id, LinkedIn's field, group, name, description. */
const COUNTS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  [
    'landing_page_clicks',
    'landingPageClicks',
    'Clicks',
    'Landing page clicks',
    'Clicks on the ad destination.',
  ],
  [
    'company_page_clicks',
    'companyPageClicks',
    'Clicks',
    'Company page clicks',
    'Clicks to the company page.',
  ],
  [
    'action_clicks',
    'actionClicks',
    'Clicks',
    'Action clicks',
    'Clicks on the call-to-action of message ads.',
  ],
  [
    'ad_unit_clicks',
    'adUnitClicks',
    'Clicks',
    'Ad unit clicks',
    'Clicks on the ad unit of message ads.',
  ],
  [
    'text_url_clicks',
    'textUrlClicks',
    'Clicks',
    'Text URL clicks',
    'Clicks on links in message ad text.',
  ],
  [
    'reactions',
    'reactions',
    'Engagement',
    'Reactions (all)',
    'All reactions on sponsored content.',
  ],
  [
    'total_engagements',
    'totalEngagements',
    'Engagement',
    'Total engagements',
    'Clicks, reactions, comments, shares and follows.',
  ],
  [
    'other_engagements',
    'otherEngagements',
    'Engagement',
    'Other engagements',
    'Engagements of other kinds.',
  ],
  ['opens', 'opens', 'Engagement', 'Message opens', 'Message ads opened.'],
  ['sends', 'sends', 'Delivery', 'Message sends', 'Message ads sent.'],
  [
    'full_screen_plays',
    'fullScreenPlays',
    'Video',
    'Full screen plays',
    'Video plays in full screen.',
  ],
  [
    'video_views',
    'videoViews',
    'Video',
    'Video views',
    'Plays of 2 seconds or more with half the video in view.',
  ],
  ['video_starts', 'videoStarts', 'Video', 'Video starts', 'Plays started.'],
  [
    'video_first_quartile',
    'videoFirstQuartileCompletions',
    'Video',
    'Video plays at 25%',
    'Plays that reached a quarter of the video.',
  ],
  [
    'video_midpoint',
    'videoMidpointCompletions',
    'Video',
    'Video plays at 50%',
    'Plays that reached half the video.',
  ],
  [
    'video_third_quartile',
    'videoThirdQuartileCompletions',
    'Video',
    'Video plays at 75%',
    'Plays that reached three quarters of the video.',
  ],
  ['video_completions', 'videoCompletions', 'Video', 'Video completions', 'Plays to the end.'],
  [
    'post_click_conversions',
    'externalWebsitePostClickConversions',
    'Conversions',
    'Post-click conversions',
    'Conversions after a click on the ad.',
  ],
  [
    'post_view_conversions',
    'externalWebsitePostViewConversions',
    'Conversions',
    'View-through conversions',
    'Conversions after the ad was seen.',
  ],
  [
    'lead_form_opens',
    'oneClickLeadFormOpens',
    'Leads',
    'Lead form opens',
    'Lead gen forms opened.',
  ],
  ['qualified_leads', 'qualifiedLeads', 'Leads', 'Qualified leads', 'Leads marked qualified.'],
  [
    'valid_work_email_leads',
    'validWorkEmailLeads',
    'Leads',
    'Leads with a work email',
    'Leads with a valid work email.',
  ],
  [
    'contact_info_shares',
    'leadGenerationMailContactInfoShares',
    'Leads',
    'Contact info shares',
    'People who shared their contact info from a message ad.',
  ],
  [
    'interested_clicks',
    'leadGenerationMailInterestedClicks',
    'Leads',
    'Interested clicks',
    'Clicks on "interested" in message ads.',
  ],
  [
    'job_applications',
    'jobApplications',
    'Conversions',
    'Job applications',
    'Applications started from job ads.',
  ],
  [
    'registrations',
    'registrations',
    'Conversions',
    'Event registrations',
    'Registrations for events.',
  ],
  [
    'viral_impressions',
    'viralImpressions',
    'Viral',
    'Viral impressions',
    'Impressions of shares of the ad.',
  ],
  ['viral_clicks', 'viralClicks', 'Viral', 'Viral clicks', 'Clicks on shares of the ad.'],
  ['viral_likes', 'viralLikes', 'Viral', 'Viral reactions', 'Reactions on shares of the ad.'],
  ['viral_shares', 'viralShares', 'Viral', 'Viral shares', 'Shares of shares of the ad.'],
  ['viral_comments', 'viralComments', 'Viral', 'Viral comments', 'Comments on shares of the ad.'],
  ['viral_follows', 'viralFollows', 'Viral', 'Viral follows', 'Follows from shares of the ad.'],
  [
    'viral_engagements',
    'viralTotalEngagements',
    'Viral',
    'Viral engagements',
    'All engagements on shares of the ad.',
  ],
  [
    'viral_landing_page_clicks',
    'viralLandingPageClicks',
    'Viral',
    'Viral landing page clicks',
    'Destination clicks from shares of the ad.',
  ],
  [
    'viral_conversions',
    'viralExternalWebsiteConversions',
    'Viral',
    'Viral conversions',
    'Conversions from shares of the ad.',
  ],
  ['viral_leads', 'viralOneClickLeads', 'Viral', 'Viral leads', 'Leads from shares of the ad.'],
  [
    'viral_video_views',
    'viralVideoViews',
    'Viral',
    'Viral video views',
    'Video views on shares of the ad.',
  ],
];

/** Every LinkedIn Ads field, the first ones with the ids reports already use. */
export function linkedinAdAnalyticsCatalogue(account: ReportAccount): ReportField[] {
  return [
    providerField('dateRange', 'Time', DATE),
    providerField(
      'pivotValues',
      'Campaign',
      dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    ),
    providerField(
      'pivotValues',
      'Campaign',
      dimension('campaign', 'Campaign', 'The campaign name.'),
    ),
    providerField(
      'impressions',
      'Delivery',
      metric('impressions', 'Impressions', 'Times ads were shown.'),
    ),
    providerField(
      'approximateUniqueImpressions',
      'Delivery',
      distinct('reach', 'Reach (approximate)', 'Members who saw the ads, approximately.'),
    ),
    providerField('clicks', 'Clicks', metric('clicks', 'Clicks', 'Clicks on ads.')),
    providerField(
      'costInLocalCurrency',
      'Cost',
      money(account, 'cost', 'Spend', 'Spend, in the account currency.'),
    ),
    providerField(
      'clicks',
      'Clicks',
      ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    ),
    providerField(
      'externalWebsiteConversions',
      'Conversions',
      metric('conversions', 'Conversions', 'Website conversions.'),
    ),
    providerField(
      'conversionValueInLocalCurrency',
      'Conversions',
      money(
        account,
        'conversion_value',
        'Conversion value',
        'Value of the conversions, in the account currency.',
      ),
    ),
    providerField('oneClickLeads', 'Leads', metric('leads', 'Leads', 'Lead gen form submissions.')),
    providerField(
      'likes',
      'Engagement',
      metric('likes', 'Reactions', 'Reactions on sponsored content.'),
    ),
    providerField(
      'shares',
      'Engagement',
      metric('shares', 'Shares', 'Shares of sponsored content.'),
    ),
    providerField(
      'comments',
      'Engagement',
      metric('comments', 'Comments', 'Comments on sponsored content.'),
    ),
    providerField(
      'follows',
      'Engagement',
      metric('follows', 'Follows', 'Follows from sponsored content.'),
    ),
    ...COUNTS.map(([id, api, group, name, description]) =>
      providerField(api, group, metric(id, name, description)),
    ),
  ];
}

/** adAnalytics answers at most 20 fields a request (the reference's limit). */
const MAX_FIELDS = 20;

export function linkedinConflict(fields: readonly ReportField[]): string | undefined {
  const apis = new Set(fields.map((f) => f.api));
  apis.delete('dateRange');
  apis.delete('pivotValues');
  // CTR is worked out from clicks and impressions, which are asked with it.
  if (fields.some((f) => f.id === 'ctr')) apis.add('impressions');
  if (apis.size > MAX_FIELDS - 2) {
    return `LinkedIn Ads answers at most ${MAX_FIELDS - 2} figures in one chart; this one asks ${apis.size}. Remove some metrics.`;
  }
  return undefined;
}
