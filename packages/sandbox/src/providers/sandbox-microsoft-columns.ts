import type { MetricRule } from './sandbox-report-aggregate.ts';

/**
 * The report columns the sandbox Microsoft Advertising answers, per report type, as its
 * reference lists them in each report's column value set, e.g.
 * https://learn.microsoft.com/advertising/reporting-service/keywordperformancereportcolumn
 * Letters name the reports that take a column: c campaign, g ad group, k keyword, a ad,
 * q search term. A column outside its report's set is refused, as Microsoft refuses it.
 */

/** The report request types and their letter. */
export const REPORT_LETTERS: Readonly<Record<string, string>> = {
  CampaignPerformanceReportRequest: 'c',
  AdGroupPerformanceReportRequest: 'g',
  KeywordPerformanceReportRequest: 'k',
  AdPerformanceReportRequest: 'a',
  SearchQueryPerformanceReportRequest: 'q',
};

const ALL = 'cgkaq';

/** Attribute columns (rows are grouped by them): the reports that take each. */
export const ATTRIBUTE_REPORTS: Readonly<Record<string, string>> = {
  TimePeriod: ALL,
  AccountId: ALL,
  AccountName: ALL,
  AccountNumber: ALL,
  CustomerId: 'cgaq',
  CustomerName: 'cgaq',
  CurrencyCode: 'cgka',
  CampaignId: ALL,
  CampaignName: ALL,
  CampaignStatus: ALL,
  CampaignType: 'cgaq',
  CampaignLabels: 'c',
  BudgetName: 'c',
  AdGroupId: 'gkaq',
  AdGroupName: 'gkaq',
  AdGroupStatus: 'kaq',
  AdGroupLabels: 'g',
  Language: 'gkaq',
  KeywordId: 'kq',
  Keyword: 'kq',
  KeywordStatus: 'kq',
  KeywordLabels: 'k',
  BidStrategyType: 'k',
  CurrentMaxCpc: 'k',
  FirstPageBid: 'k',
  MainlineBid: 'k',
  Mainline1Bid: 'k',
  AdId: 'kaq',
  AdType: 'kaq',
  AdStatus: 'aq',
  AdTitle: 'a',
  AdDescription: 'a',
  AdDescription2: 'a',
  TitlePart1: 'a',
  TitlePart2: 'a',
  TitlePart3: 'a',
  Headline: 'a',
  LongHeadline: 'a',
  BusinessName: 'a',
  Path1: 'a',
  Path2: 'a',
  DisplayUrl: 'a',
  FinalUrl: 'ka',
  AdStrength: 'a',
  AdLabels: 'a',
  SearchQuery: 'q',
  DeviceType: ALL,
  DeviceOS: ALL,
  Network: ALL,
  TopVsOther: ALL,
  BidMatchType: ALL,
  DeliveredMatchType: ALL,
  Goal: ALL,
  GoalType: ALL,
};

/** How a figure is written in the report CSV. */
export type FigureFormat = 'count' | 'money' | 'percent' | 'number' | 'score';

interface Figure {
  reports: string;
  rule: MetricRule;
  format: FigureFormat;
}

const sum = (reports: string, format: FigureFormat = 'count'): Figure => ({
  reports,
  rule: 'sum',
  format,
});
/** A rate of two sums; percentages are written ×100 with a "%". */
const rate = (reports: string, top: string, bottom: string, format: FigureFormat): Figure => ({
  reports,
  rule: { ratio: [top, bottom], scale: format === 'percent' ? 100 : 1 },
  format,
});

/**
 * Figures: the reports that take each, and how a group's value is made from its rows. Columns
 * starting with "_" are the sandbox's own parts (eligible impressions, score weights), never
 * asked.
 */
export const FIGURES: Readonly<Record<string, Figure>> = {
  Impressions: sum(ALL),
  Clicks: sum(ALL),
  Spend: sum(ALL, 'money'),
  Conversions: sum(ALL),
  ConversionsQualified: sum(ALL),
  AllConversions: sum(ALL),
  AllConversionsQualified: sum(ALL),
  Assists: sum(ALL),
  Revenue: sum(ALL, 'money'),
  AllRevenue: sum(ALL, 'money'),
  ViewThroughConversions: sum('cgka'),
  ViewThroughRevenue: sum('cgka', 'money'),
  PhoneImpressions: sum('cg'),
  PhoneCalls: sum('cg'),
  LowQualityClicks: sum('c'),
  LowQualityImpressions: sum('c'),
  LowQualityConversions: sum('c'),
  LowQualityGeneralClicks: sum('c'),
  LowQualitySophisticatedClicks: sum('c'),
  VideoViews: sum('cga'),
  VideoViewsAt25Percent: sum('cga'),
  VideoViewsAt50Percent: sum('cga'),
  VideoViewsAt75Percent: sum('cga'),
  CompletedVideoViews: sum('cga'),
  TotalWatchTimeInMS: sum('cga'),
  _AllClicks: sum(''),
  _Eligible: sum(''),
  _LostToBudget: sum(''),
  _LostToRank: sum(''),
  _TopImpressions: sum(''),
  _AbsoluteTopImpressions: sum(''),
  _MarketClicks: sum(''),
  _ExpectedClicks: sum(''),
  _QualityWeight: sum(''),
  _ExpectedCtrWeight: sum(''),
  _AdRelevanceWeight: sum(''),
  _LandingPageWeight: sum(''),
  Ctr: rate(ALL, 'Clicks', 'Impressions', 'percent'),
  AverageCpc: rate(ALL, 'Spend', 'Clicks', 'money'),
  AverageCpm: {
    reports: ALL,
    rule: { ratio: ['Spend', 'Impressions'], scale: 1000 },
    format: 'money',
  },
  ConversionRate: rate(ALL, 'Conversions', 'Clicks', 'percent'),
  AllConversionRate: rate(ALL, 'AllConversions', 'Clicks', 'percent'),
  CostPerConversion: rate(ALL, 'Spend', 'Conversions', 'money'),
  AllCostPerConversion: rate(ALL, 'Spend', 'AllConversions', 'money'),
  CostPerAssist: rate(ALL, 'Spend', 'Assists', 'money'),
  RevenuePerConversion: rate(ALL, 'Revenue', 'Conversions', 'money'),
  AllRevenuePerConversion: rate(ALL, 'AllRevenue', 'AllConversions', 'money'),
  RevenuePerAssist: rate(ALL, 'Revenue', 'Assists', 'money'),
  ReturnOnAdSpend: rate(ALL, 'Revenue', 'Spend', 'number'),
  AllReturnOnAdSpend: rate(ALL, 'AllRevenue', 'Spend', 'number'),
  Ptr: rate('cg', 'PhoneCalls', 'PhoneImpressions', 'percent'),
  VideoCompletionRate: rate('cga', 'CompletedVideoViews', 'Impressions', 'percent'),
  AverageCPV: rate('cga', 'Spend', 'VideoViews', 'money'),
  LowQualityClicksPercent: rate('c', 'LowQualityClicks', '_AllClicks', 'percent'),
  ImpressionSharePercent: rate('cg', 'Impressions', '_Eligible', 'percent'),
  ImpressionLostToBudgetPercent: rate('cg', '_LostToBudget', '_Eligible', 'percent'),
  ImpressionLostToRankAggPercent: rate('cg', '_LostToRank', '_Eligible', 'percent'),
  ExactMatchImpressionSharePercent: rate('cg', '_TopImpressions', '_Eligible', 'percent'),
  ClickSharePercent: rate('cg', 'Clicks', '_MarketClicks', 'percent'),
  TopImpressionSharePercent: rate('cg', '_TopImpressions', '_Eligible', 'percent'),
  AbsoluteTopImpressionSharePercent: rate('cg', '_AbsoluteTopImpressions', '_Eligible', 'percent'),
  AudienceImpressionSharePercent: rate('cg', 'VideoViews', '_Eligible', 'percent'),
  TopImpressionRatePercent: rate(ALL, '_TopImpressions', 'Impressions', 'percent'),
  AbsoluteTopImpressionRatePercent: rate(ALL, '_AbsoluteTopImpressions', 'Impressions', 'percent'),
  RelativeCtr: rate('cg', 'Clicks', '_ExpectedClicks', 'number'),
  // Scores are the keywords' own, weighted by their impressions over a group of keywords, and
  // written whole, as Microsoft's scores are.
  QualityScore: rate('cgk', '_QualityWeight', 'Impressions', 'score'),
  HistoricalQualityScore: rate('cgk', '_QualityWeight', 'Impressions', 'score'),
  ExpectedCtr: rate('cgk', '_ExpectedCtrWeight', 'Impressions', 'score'),
  AdRelevance: rate('cgk', '_AdRelevanceWeight', 'Impressions', 'score'),
  LandingPageExperience: rate('cgk', '_LandingPageWeight', 'Impressions', 'score'),
};

/** The first column a report of this type cannot hold, if any. */
export function unknownColumn(letter: string, columns: readonly string[]): string | undefined {
  return columns.find((c) => {
    const reports = ATTRIBUTE_REPORTS[c] ?? FIGURES[c]?.reports ?? '';
    return c.startsWith('_') || !reports.includes(letter);
  });
}

/**
 * Impression share columns the campaign and ad group reports refuse with these attributes:
 * https://learn.microsoft.com/advertising/guides/reports#columnrestrictions
 */
const SHARE_RESTRICTED = ['BidMatchType', 'DeviceOS', 'Goal', 'GoalType', 'TopVsOther'];
const SHARE =
  /ImpressionShare|ImpressionLostTo|ClickSharePercent|RelativeCtr|AbsoluteTopImpressionRate/;

/** An impression share column and an attribute it excludes in this report type, if asked together. */
export function restrictedPair(letter: string, columns: readonly string[]): string[] | undefined {
  if (letter !== 'c' && letter !== 'g') return undefined;
  // The campaign report also restricts its top impression rate and its shared budget.
  const share = columns.find(
    (c) => SHARE.test(c) || (letter === 'c' && c === 'TopImpressionRatePercent'),
  );
  const attribute = columns.find(
    (c) => SHARE_RESTRICTED.includes(c) || (letter === 'c' && c === 'BudgetName'),
  );
  return share && attribute ? [share, attribute] : undefined;
}

/** The figures' rules, as the aggregation takes them. */
export const FIGURE_RULES: Readonly<Record<string, MetricRule>> = Object.fromEntries(
  Object.entries(FIGURES).map(([column, figure]) => [column, figure.rule]),
);

/** A figure as the report CSV writes it. */
export function writeFigure(column: string, value: number): string {
  const format = FIGURES[column]?.format ?? 'number';
  if (format === 'count' || format === 'score') return String(Math.round(value));
  if (format === 'percent') return `${value.toFixed(2)}%`;
  return value.toFixed(2);
}
