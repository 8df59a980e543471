import type { Row } from './microsoft-ads-report-types.ts';
import { ALL } from './microsoft-ads-report-types.ts';

/** Shares Microsoft estimates per report: only it can compute them for a range. */
export const SHARES: readonly Row[] = [
  [
    'impression_share',
    'ImpressionSharePercent',
    'cg',
    'Impression share',
    'Impressions won out of those the ads were eligible for.',
  ],
  [
    'impression_share_lost_budget',
    'ImpressionLostToBudgetPercent',
    'cg',
    'Impression share lost to budget',
    'Eligible impressions missed for lack of budget.',
  ],
  [
    'impression_share_lost_rank',
    'ImpressionLostToRankAggPercent',
    'cg',
    'Impression share lost to rank',
    'Eligible impressions missed for ad rank.',
  ],
  [
    'exact_match_impression_share',
    'ExactMatchImpressionSharePercent',
    'cg',
    'Exact match impression share',
    'Impression share on searches matching a keyword exactly.',
  ],
  [
    'click_share',
    'ClickSharePercent',
    'cg',
    'Click share',
    'Clicks won out of all clicks on ads shown with these.',
  ],
  [
    'top_impression_share',
    'TopImpressionSharePercent',
    'cg',
    'Top impression share',
    'Top-of-page impressions won out of those eligible.',
  ],
  [
    'absolute_top_impression_share',
    'AbsoluteTopImpressionSharePercent',
    'cg',
    'Absolute top impression share',
    'First-position impressions won out of those eligible.',
  ],
  [
    'audience_impression_share',
    'AudienceImpressionSharePercent',
    'cg',
    'Audience impression share',
    'Impression share on the Microsoft Audience Network.',
  ],
  [
    'top_impression_rate',
    'TopImpressionRatePercent',
    ALL,
    'Top impression rate',
    'Impressions above the search results, of all impressions.',
  ],
  [
    'absolute_top_impression_rate',
    'AbsoluteTopImpressionRatePercent',
    ALL,
    'Absolute top impression rate',
    'Impressions in the first position, of all impressions.',
  ],
  [
    'low_quality_clicks_percent',
    'LowQualityClicksPercent',
    'c',
    'Low-quality clicks rate',
    'Low-quality clicks of all clicks, them included.',
  ],
];

/** Scores and ratios only Microsoft computes: averaged, never added up. */
export const SCORES: readonly Row[] = [
  [
    'quality_score',
    'QualityScore',
    'cgk',
    'Quality score',
    'From 1 to 10: how relevant the keywords, ads and landing pages are (last 30 days).',
  ],
  [
    'expected_ctr',
    'ExpectedCtr',
    'cgk',
    'Expected CTR',
    '1 below average, 2 average, 3 above average.',
  ],
  [
    'ad_relevance',
    'AdRelevance',
    'cgk',
    'Ad relevance',
    '1 below average, 2 average, 3 above average.',
  ],
  [
    'landing_page_experience',
    'LandingPageExperience',
    'cgk',
    'Landing page experience',
    '1 below average, 2 average, 3 above average.',
  ],
  [
    'historical_quality_score',
    'HistoricalQualityScore',
    'cgk',
    'Quality score (historical)',
    'The quality score as it was on each day.',
  ],
  [
    'relative_ctr',
    'RelativeCtr',
    'cg',
    'Relative CTR',
    'CTR against that of ads shown in the same places.',
  ],
];

/** Bids, as they stand when the report is made. */
export const BIDS: readonly Row[] = [
  [
    'current_max_cpc',
    'CurrentMaxCpc',
    'k',
    'Max. CPC',
    'The keyword bid when the report was made.',
  ],
  [
    'first_page_bid',
    'FirstPageBid',
    'k',
    'First page bid',
    'Estimated bid to show on the first page.',
  ],
  [
    'mainline_bid',
    'MainlineBid',
    'k',
    'Mainline bid',
    'Estimated bid to show above the search results.',
  ],
  [
    'mainline1_bid',
    'Mainline1Bid',
    'k',
    'Top of page bid',
    'Estimated bid to show in the first position.',
  ],
];
