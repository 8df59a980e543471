import { sandboxLocale } from './sandbox-account-locale.ts';
import { sandboxDetail } from './sandbox-answers.ts';
import type { DayRecord } from './sandbox-report-aggregate.ts';
import type { SandboxCampaign } from './sandbox-report-data.ts';
import { adDay, sandboxCampaigns, seeded } from './sandbox-report-data.ts';

/**
 * A sandbox Microsoft Advertising account's day at its finest grain: each campaign has two ad
 * groups, each ad group two keywords (each with its ad), each keyword two search terms. Every
 * report type groups these same records by the columns it is asked, so a campaign's clicks
 * are the same whether read from the campaign, keyword or search term report.
 */

const AD_GROUPS = ['Core terms', 'Long tail'];
/** Each ad group's two keywords (after the campaign's first word). */
const KEYWORDS = [
  ['services', 'near me'],
  ['best prices', 'open now'],
];
const SEARCH_TERMS = ['cost', 'reviews'];
/** Search terms from computers and from phones, so the device splits the figures. */
const DEVICES = [
  ['Computer', 'Windows'],
  ['Smartphone', 'Android'],
] as const;

const split = (value: number, share: number, whole: boolean) =>
  whole ? Math.round(value * share) : Math.round(value * share * 100) / 100;

/** A keyword's own scores and bids: fixed per keyword, as Microsoft keeps them. */
function keywordTraits(account: string, keywordId: string) {
  const score = (name: string, low: number, high: number) =>
    low + Math.floor(seeded(account, keywordId, name) * (high - low + 1));
  const bid = 0.4 + 2.2 * seeded(account, keywordId, 'bid');
  return {
    quality: score('quality', 3, 10),
    expectedCtr: score('ctr', 1, 3),
    adRelevance: score('relevance', 1, 3),
    landingPage: score('landing', 1, 3),
    bids: {
      CurrentMaxCpc: bid.toFixed(2),
      FirstPageBid: (bid * 0.6).toFixed(2),
      MainlineBid: (bid * 1.1).toFixed(2),
      Mainline1Bid: (bid * 1.6).toFixed(2),
    },
  };
}

/** The attribute columns of one search term of one keyword. */
function attributes(account: string, campaign: SandboxCampaign, g: number, k: number, q: number) {
  const adGroupId = `${campaign.id}0${g + 1}`;
  const keywordId = `${adGroupId}0${k + 1}`;
  const words = KEYWORDS[g]?.[k] ?? 'ads';
  const keyword = `${campaign.name.split(' - ')[0]?.toLowerCase() ?? 'ads'} ${words}`;
  const [device, os] = DEVICES[q] ?? DEVICES[0];
  const traits = keywordTraits(account, keywordId);
  const keys: Record<string, string> = {
    AccountId: account,
    AccountName: `Account ${account}`,
    AccountNumber: `F1${account.slice(-6).padStart(6, '0')}`,
    CustomerId: sandboxDetail('bing-ads', 'customerId', account),
    CustomerName: 'Sandbox customer',
    CurrencyCode: sandboxLocale('bing-ads', account).currency,
    CampaignId: campaign.id,
    CampaignName: campaign.name,
    CampaignStatus: 'Active',
    CampaignType: 'Search & content',
    CampaignLabels: '',
    BudgetName: '',
    AdGroupId: adGroupId,
    AdGroupName: AD_GROUPS[g] ?? 'Ad group',
    AdGroupStatus: 'Active',
    AdGroupLabels: '',
    Language: 'English',
    KeywordId: keywordId,
    Keyword: keyword,
    KeywordStatus: 'Active',
    KeywordLabels: '',
    BidStrategyType: 'EnhancedCpc',
    ...traits.bids,
    AdId: `${adGroupId}1${k + 1}`,
    AdType: 'Responsive search ad',
    AdStatus: 'Active',
    AdTitle: '',
    AdDescription: `Compare ${keyword} and book online today.`,
    AdDescription2: 'Free quotes, no obligation.',
    TitlePart1: campaign.name,
    TitlePart2: `Best ${keyword}`,
    TitlePart3: 'Book today',
    Headline: campaign.name,
    LongHeadline: `${campaign.name}: ${keyword}`,
    BusinessName: 'Sandbox Co',
    Path1: words.replace(' ', '-'),
    Path2: 'offers',
    DisplayUrl: `www.example.com/${words.replace(' ', '-')}`,
    FinalUrl: 'https://www.example.com/',
    AdStrength: k === 0 ? 'Good' : 'Excellent',
    AdLabels: '',
    SearchQuery: `${keyword} ${SEARCH_TERMS[q] ?? ''}`.trim(),
    DeviceType: device,
    DeviceOS: os,
    Network: 'Microsoft sites and select traffic',
    TopVsOther: `Microsoft sites and select traffic - ${k === 0 ? 'Top' : 'Other'}`,
    BidMatchType: 'Broad',
    DeliveredMatchType: q === 0 ? 'Exact' : 'Phrase',
    Goal: 'Purchases',
    GoalType: 'Event',
  };
  return { keys, traits };
}

/** Every search term's figures of one day, with the attribute columns as keys. */
export function microsoftDayRecords(account: string, day: string): DayRecord[] {
  return sandboxCampaigns(account).flatMap((campaign) => {
    const f = adDay(account, day, campaign);
    return [0, 1].flatMap((g) =>
      [0, 1].flatMap((k) =>
        [0, 1].map((q) => {
          const share = [0.6, 0.4][g]! * [0.55, 0.45][k]! * [0.7, 0.3][q]!;
          const { keys, traits } = attributes(account, campaign, g, k, q);
          return { day, keys, values: figures(f, share, traits) };
        }),
      ),
    );
  });
}

function figures(
  f: ReturnType<typeof adDay>,
  share: number,
  traits: ReturnType<typeof keywordTraits>,
): Record<string, number> {
  const impressions = split(f.impressions, share, true);
  const clicks = split(f.clicks, share, true);
  const conversions = split(f.conversions, share, true);
  const revenue = split(f.value, share, false);
  const lowQuality = Math.round(clicks * 0.08);
  const eligible = Math.round(impressions / 0.62);
  const videoViews = Math.round(impressions * 0.2);
  const top = Math.round(impressions * 0.55);
  return {
    Impressions: impressions,
    Clicks: clicks,
    Spend: split(f.cost, share, false),
    Conversions: conversions,
    ConversionsQualified: conversions,
    AllConversions: Math.round(conversions * 1.2),
    AllConversionsQualified: Math.round(conversions * 1.2),
    Assists: Math.round(conversions * 0.3),
    Revenue: revenue,
    AllRevenue: Math.round(revenue * 120) / 100,
    ViewThroughConversions: Math.round(impressions * 0.0005),
    ViewThroughRevenue: Math.round(impressions * 0.0005) * 50,
    PhoneImpressions: Math.round(impressions * 0.1),
    PhoneCalls: Math.round(impressions * 0.005),
    LowQualityClicks: lowQuality,
    LowQualityImpressions: Math.round(impressions * 0.1),
    LowQualityConversions: Math.round(lowQuality * 0.01),
    LowQualityGeneralClicks: Math.round(lowQuality * 0.6),
    LowQualitySophisticatedClicks: lowQuality - Math.round(lowQuality * 0.6),
    VideoViews: videoViews,
    VideoViewsAt25Percent: Math.round(videoViews * 0.8),
    VideoViewsAt50Percent: Math.round(videoViews * 0.6),
    VideoViewsAt75Percent: Math.round(videoViews * 0.45),
    CompletedVideoViews: Math.round(videoViews * 0.3),
    TotalWatchTimeInMS: videoViews * 9000,
    _AllClicks: clicks + lowQuality,
    _Eligible: eligible,
    _LostToBudget: Math.round((eligible - impressions) * 0.4),
    _LostToRank: eligible - impressions - Math.round((eligible - impressions) * 0.4),
    _TopImpressions: top,
    _AbsoluteTopImpressions: Math.round(top * 0.5),
    _MarketClicks: Math.round(clicks / 0.35),
    _ExpectedClicks: Math.round(impressions * 0.03),
    _QualityWeight: traits.quality * impressions,
    _ExpectedCtrWeight: traits.expectedCtr * impressions,
    _AdRelevanceWeight: traits.adRelevance * impressions,
    _LandingPageWeight: traits.landingPage * impressions,
  };
}
