import { describe, expect, it } from 'vitest';
import type { ReportField } from '../../reports/report-fetcher.ts';
import { googleAds, gaqlQuery } from '../google-ads.fetcher.ts';
import { googleAnalytics } from '../google-analytics.fetcher.ts';
import { googleAdsFields } from './google-ads-fields.ts';
import { googleAdsConflict } from './google-ads-resources.ts';
import { ga4Conflict, ga4Fields } from './ga4-metadata.ts';
import {
  linkedinAdAnalyticsCatalogue,
  linkedinConflict,
} from './linkedin-ad-analytics.catalogue.ts';
import { metaConflict, metaInsightsCatalogue } from './meta-insights.catalogue.ts';
import {
  microsoftAdsCatalogue,
  microsoftAdsConflict,
  microsoftReportOf,
} from './microsoft-ads-report.catalogue.ts';

const account = { externalId: '1', name: 'x', currency: 'EUR' };

/** The catalogue's fields by id; an id it lacks fails the test where it is named. */
function pick(catalogue: readonly ReportField[], ...ids: string[]): ReportField[] {
  const byId = new Map(catalogue.map((f) => [f.id, f]));
  return ids.map((id) => {
    const field = byId.get(id);
    if (!field) throw new Error(`no field ${id}`);
    return field;
  });
}

describe('GA4 metadata as fields', () => {
  const documented = googleAnalytics.fields(account);
  const fields = ga4Fields(
    account,
    {
      dimensions: [
        { apiName: 'sessionSource', uiName: 'Session source', category: 'Traffic source' },
        { apiName: 'source', uiName: 'Source', category: 'Attribution' },
        { apiName: 'customEvent:plan_type', uiName: 'Plan type', category: 'Custom' },
        { apiName: '日本', uiName: 'No usable id' },
        { apiName: 'itemName', uiName: 'Item name' },
      ],
      metrics: [
        { apiName: 'eventCount', uiName: 'Event count', type: 'TYPE_INTEGER' },
        { apiName: 'purchaseToViewRate', uiName: 'Purchase-to-view rate', type: 'TYPE_FLOAT' },
        { apiName: 'customEvent:quote_value', uiName: 'Quote value', type: 'TYPE_CURRENCY' },
        { apiName: 'adUnitExposure', uiName: 'Ad unit exposure', type: 'TYPE_MILLISECONDS' },
      ],
    },
    documented,
  );
  const byApi = new Map(fields.map((f) => [f.api, f]));

  it('keeps the ids reports use and tells a GA4 name that would take one apart', () => {
    expect(byApi.get('sessionSource')).toMatchObject({ id: 'source', group: 'Traffic source' });
    expect(byApi.get('source')?.id).toBe('ga4_source');
    expect(byApi.get('customEvent:plan_type')?.id).toBe('custom_event_plan_type');
    expect(byApi.has('日本')).toBe(false);
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
  });

  it("reads GA4's metric types as Looker Studio's", () => {
    expect(byApi.get('purchaseToViewRate')).toMatchObject({ type: 'PERCENT', aggregation: 'AVG' });
    expect(byApi.get('customEvent:quote_value')).toMatchObject({
      type: 'CURRENCY_EUR',
      aggregation: 'SUM',
    });
    expect(byApi.get('adUnitExposure')?.description).toContain('In milliseconds.');
  });

  it('refuses an item dimension with an event metric, and more than 9 dimensions or 10 metrics', () => {
    const all = [...documented, ...fields];
    expect(ga4Conflict(pick(all, 'item_name', 'event_count'))).toContain(
      '"Item name" with the event metric "Event count"',
    );
    expect(ga4Conflict(pick(all, 'item_name', 'sessions'))).toBeUndefined();
    const times = (id: string, n: number) => pick(all, ...Array<string>(n).fill(id));
    expect(ga4Conflict(times('date', 9))).toBeUndefined();
    expect(ga4Conflict(times('date', 10))).toContain('at most 9 dimensions');
    expect(ga4Conflict(times('sessions', 10))).toBeUndefined();
    expect(ga4Conflict(times('sessions', 11))).toContain('at most 10 metrics');
  });
});

describe('Facebook Ads: breakdowns Meta answers without actions', () => {
  const catalogue = metaInsightsCatalogue(account);

  it('refuses an action figure by region, and allows it by country', () => {
    expect(metaConflict(pick(catalogue, 'region', 'purchases'))).toBe(
      'Facebook Ads does not report actions such as "Purchases" by "Region". Remove one of them from the chart.',
    );
    expect(metaConflict(pick(catalogue, 'hour_advertiser', 'cost_per_lead'))).toContain(
      '"Cost per lead"',
    );
    expect(metaConflict(pick(catalogue, 'country', 'purchases'))).toBeUndefined();
    expect(metaConflict(pick(catalogue, 'region', 'impressions'))).toBeUndefined();
  });
});

describe('LinkedIn Ads: figures per adAnalytics call', () => {
  const catalogue = linkedinAdAnalyticsCatalogue(account);
  const metrics = catalogue.filter((f) => f.concept === 'METRIC' && f.id !== 'ctr');

  it('allows 18 figures and refuses a 19th, CTR counting the impressions it needs', () => {
    const eighteen = metrics.slice(0, 18);
    expect(linkedinConflict(pick(catalogue, 'date', 'campaign').concat(eighteen))).toBeUndefined();
    expect(linkedinConflict(metrics.slice(0, 19))).toContain('at most 18 figures');
    const withoutImpressions = metrics.filter((f) => f.api !== 'impressions').slice(0, 18);
    expect(linkedinConflict(withoutImpressions)).toBeUndefined();
    expect(linkedinConflict([...withoutImpressions, ...pick(catalogue, 'ctr')])).toContain(
      'this one asks 19',
    );
  });
});

describe('Google Ads field service answer as fields', () => {
  const everywhere = ['campaign', 'ad_group', 'ad_group_ad', 'keyword_view', 'search_term_view'];
  const resource = (name: string, joins: string[], metrics: string[], segments: string[]) => ({
    name,
    category: 'RESOURCE',
    dataType: 'MESSAGE',
    attributeResources: joins,
    metrics,
    segments,
  });
  const metricNames = ['metrics.clicks', 'metrics.cost_micros', 'metrics.conversions'];
  const segmentNames = ['segments.date', 'segments.device', 'segments.conversion_action_name'];
  const selectable = (
    name: string,
    category: string,
    dataType: string,
    selectableWith = everywhere,
  ) => ({
    name,
    category,
    dataType,
    selectable: true,
    isRepeated: false,
    selectableWith,
  });
  const fields = googleAdsFields(
    account,
    [
      resource(
        'campaign',
        ['customer'],
        [...metricNames, 'metrics.search_impression_share'],
        segmentNames,
      ),
      resource('ad_group', ['campaign', 'customer'], metricNames, segmentNames),
      resource('ad_group_ad', ['ad_group', 'campaign', 'customer'], metricNames, segmentNames),
      resource(
        'keyword_view',
        ['ad_group_criterion', 'ad_group', 'campaign'],
        metricNames,
        segmentNames,
      ),
      resource('search_term_view', ['ad_group', 'campaign'], metricNames, segmentNames),
      selectable('campaign.name', 'ATTRIBUTE', 'STRING'),
      selectable('ad_group.cpc_bid_micros', 'ATTRIBUTE', 'INT64'),
      selectable('ad_group_ad.ad.name', 'ATTRIBUTE', 'STRING'),
      selectable('ad_group_criterion.keyword.text', 'ATTRIBUTE', 'STRING'),
      {
        ...selectable('ad_group_ad.status', 'ATTRIBUTE', 'ENUM'),
        enumValues: ['UNSPECIFIED', 'UNKNOWN', 'ENABLED', 'PAUSED'],
      },
      { ...selectable('campaign.labels', 'ATTRIBUTE', 'RESOURCE_NAME'), isRepeated: true },
      selectable('segments.date', 'SEGMENT', 'DATE', [...everywhere, ...metricNames]),
      {
        ...selectable('segments.device', 'SEGMENT', 'ENUM', [...everywhere, ...metricNames]),
        enumValues: ['UNSPECIFIED', 'MOBILE', 'DESKTOP'],
      },
      selectable('segments.conversion_action_name', 'SEGMENT', 'STRING', [
        ...everywhere,
        'metrics.conversions',
      ]),
      selectable('metrics.clicks', 'METRIC', 'INT64', [...everywhere, ...segmentNames]),
      selectable('metrics.cost_micros', 'METRIC', 'INT64', [...everywhere, ...segmentNames]),
      selectable('metrics.conversions', 'METRIC', 'DOUBLE', [...everywhere, ...segmentNames]),
      selectable('metrics.search_impression_share', 'METRIC', 'DOUBLE', ['campaign']),
    ],
    googleAds.fields(account),
  );
  const byApi = new Map(fields.map((f) => [f.api, f]));

  it('keeps the ids reports use and gives every other selectable field one, typed for Looker Studio', () => {
    expect(byApi.get('campaign.name')).toMatchObject({ id: 'campaign', group: 'Campaign' });
    expect(byApi.get('metrics.cost_micros')).toMatchObject({ id: 'cost', type: 'CURRENCY_EUR' });
    expect(byApi.get('ad_group.cpc_bid_micros')).toMatchObject({
      id: 'ad_group_cpc_bid',
      name: 'Ad group CPC bid',
      type: 'CURRENCY_EUR',
      concept: 'DIMENSION',
    });
    expect(byApi.get('ad_group_criterion.keyword.text')).toMatchObject({
      id: 'keyword_text',
      resources: ['keyword_view'],
    });
    expect(byApi.get('segments.device')).toMatchObject({ id: 'device', group: 'Segments' });
    expect(byApi.get('ad_group_ad.status')).toMatchObject({ id: 'ad_status', name: 'Ad status' });
    expect(byApi.get('ad_group_ad.status')?.description).toContain(': ENABLED, PAUSED.');
    expect(byApi.get('metrics.search_impression_share')).toMatchObject({
      type: 'PERCENT',
      aggregation: 'AVG',
      resources: ['campaign'],
    });
    // A repeated field is a list no chart can show.
    expect(byApi.has('campaign.labels')).toBe(false);
  });

  it('reads FROM the least detailed resource that has every field asked', () => {
    const query = (...ids: string[]) =>
      gaqlQuery({
        wants: (id) => ids.includes(id),
        catalogue: fields,
        request: { dateRange: { start: '2026-03-01', end: '2026-03-02' } } as never,
      });
    expect(query('campaign', 'clicks')).toContain('FROM campaign WHERE');
    expect(query('campaign', 'ad_group_cpc_bid', 'clicks')).toContain('FROM ad_group WHERE');
    expect(query('keyword_text', 'device', 'clicks')).toBe(
      "SELECT ad_group_criterion.keyword.text, segments.device, metrics.clicks FROM keyword_view WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-02'",
    );
  });

  it('refuses fields no report has together, and a segment with a metric it is not selectable with', () => {
    expect(googleAdsConflict(pick(fields, 'campaign', 'ad_name', 'keyword_text'))).toBe(
      'Google Ads has no report with both "Ad name" (in the ad reports) and "Keyword text" (in the keyword reports). Remove one of them from the chart, or show them in two charts.',
    );
    expect(googleAdsConflict(pick(fields, 'keyword_text', 'search_impression_share'))).toContain(
      '"Keyword text"',
    );
    expect(googleAdsConflict(pick(fields, 'conversion_action_name', 'clicks'))).toBe(
      'Google Ads cannot select "Conversion action name" together with "Clicks". Remove one of them from the chart, or show them in two charts.',
    );
    expect(
      googleAdsConflict(pick(fields, 'conversion_action_name', 'conversions')),
    ).toBeUndefined();
    expect(googleAdsConflict(pick(fields, 'ad_name', 'device', 'cost', 'date'))).toBeUndefined();
  });
});

describe('Microsoft Advertising: one report type per chart', () => {
  const catalogue = microsoftAdsCatalogue(account);
  const reportOf = (...ids: string[]) => microsoftReportOf(pick(catalogue, ...ids));

  it('asks the fewest-rows report that takes every column, with exactly those columns', () => {
    expect(reportOf('date', 'campaign', 'cost')).toEqual({
      type: expect.objectContaining({ request: 'CampaignPerformanceReportRequest' }) as unknown,
      columns: ['CampaignId', 'TimePeriod', 'CampaignName', 'Spend'],
    });
    expect(reportOf('ad_group', 'impression_share')?.type.request).toBe(
      'AdGroupPerformanceReportRequest',
    );
    expect(reportOf('keyword', 'quality_score')?.type.request).toBe(
      'KeywordPerformanceReportRequest',
    );
    expect(reportOf('ad_title', 'clicks')?.type.request).toBe('AdPerformanceReportRequest');
    // The search term report requires its SearchQuery column.
    expect(reportOf('keyword', 'clicks', 'search_query')?.columns).toEqual([
      'CampaignId',
      'SearchQuery',
      'Keyword',
      'Clicks',
    ]);
  });

  it('refuses columns no one report holds, naming them and where each is reported', () => {
    expect(microsoftAdsConflict(pick(catalogue, 'search_query', 'impression_share'))).toBe(
      'Microsoft Advertising has no report with both "Search term" (in the search term report) and "Impression share" (in the campaign and ad group reports). Remove one of them from the chart, or make a chart for each.',
    );
    expect(microsoftAdsConflict(pick(catalogue, 'ad_title', 'quality_score'))).toContain(
      '"Quality score" (in the campaign, ad group and keyword reports)',
    );
    expect(microsoftAdsConflict(pick(catalogue, 'keyword', 'quality_score'))).toBeUndefined();
  });

  it("keeps impression share apart from the segments Microsoft's restrictions name", () => {
    expect(microsoftAdsConflict(pick(catalogue, 'impression_share', 'top_vs_other'))).toContain(
      '"Impression share" and "Top vs. other" together',
    );
    expect(
      microsoftAdsConflict(pick(catalogue, 'audience_impression_share', 'customer_name')),
    ).toContain('together');
    // The keyword report has the rate without the restriction.
    expect(reportOf('absolute_top_impression_rate', 'top_vs_other')?.type.request).toBe(
      'KeywordPerformanceReportRequest',
    );
    const share = pick(catalogue, 'impression_share')[0];
    expect(share?.incompatibleWith).toEqual(expect.arrayContaining(['top_vs_other', 'keyword']));
    expect(share?.incompatibleWith).not.toContain('campaign');
  });
});
