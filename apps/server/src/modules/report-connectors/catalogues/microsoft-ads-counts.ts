import type { Row } from './microsoft-ads-report-types.ts';
import { ALL } from './microsoft-ads-report-types.ts';

/** Counts that sum over days and rows: group, rows. */
export const COUNTS: ReadonlyArray<readonly [group: string, rows: readonly Row[]]> = [
  [
    'Performance',
    [
      ['impressions', 'Impressions', ALL, 'Impressions', 'Times an ad was shown.'],
      ['clicks', 'Clicks', ALL, 'Clicks', 'Clicks on ads.'],
    ],
  ],
  [
    'Conversions',
    [
      ['conversions', 'Conversions', ALL, 'Conversions', 'Conversions counted by the account.'],
      [
        'conversions_qualified',
        'ConversionsQualified',
        ALL,
        'Conversions (qualified)',
        'Conversions, fractions of shared credit included.',
      ],
      [
        'all_conversions',
        'AllConversions',
        ALL,
        'All conversions',
        'Conversions of every goal, those not used for bidding included.',
      ],
      [
        'all_conversions_qualified',
        'AllConversionsQualified',
        ALL,
        'All conversions (qualified)',
        'All conversions, fractions of shared credit included.',
      ],
      [
        'assists',
        'Assists',
        ALL,
        'Assists',
        'Conversions of other ads this ad had a click before.',
      ],
      [
        'view_through_conversions',
        'ViewThroughConversions',
        'cgka',
        'View-through conversions',
        'Conversions after the ad was seen, without a click.',
      ],
    ],
  ],
  [
    'Calls',
    [
      [
        'phone_impressions',
        'PhoneImpressions',
        'cg',
        'Phone impressions',
        'Times the tracked number was shown.',
      ],
      ['phone_calls', 'PhoneCalls', 'cg', 'Phone calls', 'Calls to the tracked number.'],
    ],
  ],
  [
    'Invalid clicks',
    [
      [
        'low_quality_clicks',
        'LowQualityClicks',
        'c',
        'Low-quality clicks',
        'Clicks filtered out and not billed.',
      ],
      [
        'low_quality_impressions',
        'LowQualityImpressions',
        'c',
        'Low-quality impressions',
        'Impressions on low-quality searches.',
      ],
      [
        'low_quality_conversions',
        'LowQualityConversions',
        'c',
        'Low-quality conversions',
        'Conversions after low-quality clicks.',
      ],
      [
        'low_quality_general_clicks',
        'LowQualityGeneralClicks',
        'c',
        'Low-quality general clicks',
        'Clicks filtered by deny lists and activity rules.',
      ],
      [
        'low_quality_sophisticated_clicks',
        'LowQualitySophisticatedClicks',
        'c',
        'Low-quality sophisticated clicks',
        'Clicks filtered by advanced detection.',
      ],
    ],
  ],
  [
    'Video',
    [
      [
        'video_views',
        'VideoViews',
        'cga',
        'Video views',
        'Plays of 2 seconds or more with half the video in view.',
      ],
      [
        'video_views_25',
        'VideoViewsAt25Percent',
        'cga',
        'Video views at 25%',
        'Plays that reached a quarter of the video.',
      ],
      [
        'video_views_50',
        'VideoViewsAt50Percent',
        'cga',
        'Video views at 50%',
        'Plays that reached half the video.',
      ],
      [
        'video_views_75',
        'VideoViewsAt75Percent',
        'cga',
        'Video views at 75%',
        'Plays that reached three quarters of the video.',
      ],
      [
        'completed_video_views',
        'CompletedVideoViews',
        'cga',
        'Completed video views',
        'Plays to the end.',
      ],
    ],
  ],
];

/** Money that sums: group, rows. */
export const AMOUNTS: ReadonlyArray<readonly [group: string, rows: readonly Row[]]> = [
  ['Cost', [['cost', 'Spend', ALL, 'Spend', 'Spend, in the account currency.']]],
  [
    'Conversions',
    [
      ['revenue', 'Revenue', ALL, 'Revenue', 'Value of the conversions.'],
      ['all_revenue', 'AllRevenue', ALL, 'All revenue', 'Value of all conversions.'],
      [
        'view_through_revenue',
        'ViewThroughRevenue',
        'cgka',
        'View-through revenue',
        'Value of the view-through conversions.',
      ],
    ],
  ],
];
