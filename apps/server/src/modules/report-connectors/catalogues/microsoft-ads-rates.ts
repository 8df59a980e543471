import type { Ratio } from './microsoft-ads-report-types.ts';
import { ALL } from './microsoft-ads-report-types.ts';

export const PERCENT_RATIOS: ReadonlyArray<readonly [group: string, rows: readonly Ratio[]]> = [
  ['Performance', [['ctr', 'Ctr', ALL, 'CTR', 'Clicks per impression.', 'clicks', 'impressions']]],
  [
    'Conversions',
    [
      [
        'conversion_rate',
        'ConversionRate',
        ALL,
        'Conversion rate',
        'Conversions per click.',
        'conversions',
        'clicks',
      ],
      [
        'all_conversion_rate',
        'AllConversionRate',
        ALL,
        'All conversion rate',
        'All conversions per click.',
        'all_conversions',
        'clicks',
      ],
    ],
  ],
  [
    'Calls',
    [
      [
        'ptr',
        'Ptr',
        'cg',
        'Phone-through rate',
        'Calls per phone impression.',
        'phone_calls',
        'phone_impressions',
      ],
    ],
  ],
  [
    'Video',
    [
      [
        'video_completion_rate',
        'VideoCompletionRate',
        'cga',
        'Video completion rate',
        'Completed plays per impression.',
        'completed_video_views',
        'impressions',
      ],
    ],
  ],
];

export const MONEY_RATIOS: ReadonlyArray<readonly [group: string, rows: readonly Ratio[]]> = [
  [
    'Cost',
    [
      ['average_cpc', 'AverageCpc', ALL, 'Avg. CPC', 'Cost per click.', 'cost', 'clicks'],
      [
        'cost_per_conversion',
        'CostPerConversion',
        ALL,
        'Cost per conversion',
        'Spend per conversion.',
        'cost',
        'conversions',
      ],
      [
        'all_cost_per_conversion',
        'AllCostPerConversion',
        ALL,
        'Cost per conversion (all)',
        'Spend per conversion of any goal.',
        'cost',
        'all_conversions',
      ],
      [
        'cost_per_assist',
        'CostPerAssist',
        ALL,
        'Cost per assist',
        'Spend per assist.',
        'cost',
        'assists',
      ],
      [
        'average_cpv',
        'AverageCPV',
        'cga',
        'Avg. CPV',
        'Spend per video view.',
        'cost',
        'video_views',
      ],
    ],
  ],
  [
    'Conversions',
    [
      [
        'revenue_per_conversion',
        'RevenuePerConversion',
        ALL,
        'Revenue per conversion',
        'Value per conversion.',
        'revenue',
        'conversions',
      ],
      [
        'all_revenue_per_conversion',
        'AllRevenuePerConversion',
        ALL,
        'Revenue per conversion (all)',
        'Value per conversion of any goal.',
        'all_revenue',
        'all_conversions',
      ],
      [
        'revenue_per_assist',
        'RevenuePerAssist',
        ALL,
        'Revenue per assist',
        'Value per assist.',
        'revenue',
        'assists',
      ],
    ],
  ],
];

export const NUMBER_RATIOS: readonly Ratio[] = [
  [
    'return_on_ad_spend',
    'ReturnOnAdSpend',
    ALL,
    'ROAS',
    'Revenue per amount spent.',
    'revenue',
    'cost',
  ],
  [
    'all_return_on_ad_spend',
    'AllReturnOnAdSpend',
    ALL,
    'ROAS (all)',
    'All revenue per amount spent.',
    'all_revenue',
    'cost',
  ],
];
