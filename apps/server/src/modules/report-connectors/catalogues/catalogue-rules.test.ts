import { describe, expect, it } from 'vitest';
import type { ReportField } from '../../reports/report-fetcher.ts';
import { googleAnalytics } from '../google-analytics.fetcher.ts';
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
