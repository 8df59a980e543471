import type { Row } from './microsoft-ads-report-types.ts';
import { ALL } from './microsoft-ads-report-types.ts';

/** Attributes: the objects rows belong to, and the segments that split them. */
export const ATTRIBUTES: ReadonlyArray<readonly [group: string, rows: readonly Row[]]> = [
  [
    'Account',
    [
      ['account_id', 'AccountId', ALL, 'Account ID', 'The ad account id.'],
      ['account', 'AccountName', ALL, 'Account', 'The ad account name.'],
      ['account_number', 'AccountNumber', ALL, 'Account number', 'The account number (F1234567).'],
      ['customer_id', 'CustomerId', 'cgaq', 'Customer ID', 'The customer owning the account.'],
      ['customer_name', 'CustomerName', 'cgaq', 'Customer', 'The customer name.'],
      ['currency_code', 'CurrencyCode', 'cgka', 'Currency', 'The account currency code.'],
    ],
  ],
  [
    'Campaign',
    [
      ['campaign_id', 'CampaignId', ALL, 'Campaign ID', 'The campaign id.'],
      ['campaign', 'CampaignName', ALL, 'Campaign', 'The campaign name.'],
      ['campaign_status', 'CampaignStatus', ALL, 'Campaign status', 'Active, Paused, ...'],
      ['campaign_type', 'CampaignType', 'cgaq', 'Campaign type', 'Search & content, Shopping, ...'],
      ['campaign_labels', 'CampaignLabels', 'c', 'Campaign labels', 'Labels on the campaign.'],
      ['budget_name', 'BudgetName', 'c', 'Shared budget', 'The shared budget the campaign uses.'],
    ],
  ],
  [
    'Ad group',
    [
      ['ad_group_id', 'AdGroupId', 'gkaq', 'Ad group ID', 'The ad group id.'],
      ['ad_group', 'AdGroupName', 'gkaq', 'Ad group', 'The ad group name.'],
      ['ad_group_status', 'AdGroupStatus', 'kaq', 'Ad group status', 'Active, Paused, ...'],
      ['ad_group_labels', 'AdGroupLabels', 'g', 'Ad group labels', 'Labels on the ad group.'],
      ['language', 'Language', 'gkaq', 'Language', 'The language the ads were shown in.'],
    ],
  ],
  [
    'Keyword',
    [
      ['keyword_id', 'KeywordId', 'kq', 'Keyword ID', 'The keyword id.'],
      ['keyword', 'Keyword', 'kq', 'Keyword', 'The keyword text.'],
      ['keyword_status', 'KeywordStatus', 'kq', 'Keyword status', 'Active, Paused, ...'],
      ['keyword_labels', 'KeywordLabels', 'k', 'Keyword labels', 'Labels on the keyword.'],
      ['bid_strategy_type', 'BidStrategyType', 'k', 'Bid strategy', 'ManualCpc, MaxClicks, ...'],
    ],
  ],
  [
    'Ad',
    [
      ['ad_id', 'AdId', 'kaq', 'Ad ID', 'The ad id.'],
      ['ad_type', 'AdType', 'kaq', 'Ad type', 'Responsive search, Expanded text, ...'],
      ['ad_status', 'AdStatus', 'aq', 'Ad status', 'Active, Paused, ...'],
      ['ad_title', 'AdTitle', 'a', 'Ad title', 'The title of a text ad.'],
      ['ad_description', 'AdDescription', 'a', 'Ad description', 'The first ad text.'],
      ['ad_description_2', 'AdDescription2', 'a', 'Ad description 2', 'The second ad text.'],
      ['title_part_1', 'TitlePart1', 'a', 'Title part 1', 'The first headline.'],
      ['title_part_2', 'TitlePart2', 'a', 'Title part 2', 'The second headline.'],
      ['title_part_3', 'TitlePart3', 'a', 'Title part 3', 'The third headline.'],
      ['headline', 'Headline', 'a', 'Headline', 'The short headline of an audience ad.'],
      ['long_headline', 'LongHeadline', 'a', 'Long headline', 'The long headline.'],
      ['business_name', 'BusinessName', 'a', 'Business name', 'The business an ad names.'],
      ['path_1', 'Path1', 'a', 'Path 1', 'The first part of the shown URL path.'],
      ['path_2', 'Path2', 'a', 'Path 2', 'The second part of the shown URL path.'],
      ['display_url', 'DisplayUrl', 'a', 'Display URL', 'The address the ad shows.'],
      ['final_url', 'FinalUrl', 'ka', 'Final URL', 'Where a click lands.'],
      ['ad_strength', 'AdStrength', 'a', 'Ad strength', 'Poor, Average, Good or Excellent.'],
      ['ad_labels', 'AdLabels', 'a', 'Ad labels', 'Labels on the ad.'],
    ],
  ],
  [
    'Search term',
    [['search_query', 'SearchQuery', 'q', 'Search term', 'What the person searched for.']],
  ],
  [
    'Segments',
    [
      ['device', 'DeviceType', ALL, 'Device', 'Computer, Smartphone or Tablet.'],
      ['device_os', 'DeviceOS', ALL, 'Device OS', 'The operating system of the device.'],
      ['network', 'Network', ALL, 'Network', 'Microsoft sites and select traffic, Syndicated, ...'],
      ['top_vs_other', 'TopVsOther', ALL, 'Top vs. other', 'Whether the ad showed at the top.'],
      ['bid_match_type', 'BidMatchType', ALL, 'Bid match type', 'The match type bid on.'],
      [
        'delivered_match_type',
        'DeliveredMatchType',
        ALL,
        'Delivered match type',
        'The match type that served the ad.',
      ],
      ['goal', 'Goal', ALL, 'Conversion goal', 'The conversion goal of the figures.'],
      ['goal_type', 'GoalType', ALL, 'Conversion goal type', 'Url, Event, Duration, ...'],
    ],
  ],
];
