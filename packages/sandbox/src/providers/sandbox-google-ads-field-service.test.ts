import { describe, expect, it } from 'vitest';
import { gaqlRefusal, searchAdsFields } from './sandbox-google-ads-field-service.ts';

const QUERY =
  "SELECT name, category, data_type, selectable, selectable_with WHERE category IN ('RESOURCE', 'ATTRIBUTE', 'SEGMENT', 'METRIC')";

describe('sandbox Google Ads field service', () => {
  it('answers 150+ selectable fields in pages, the same every time', () => {
    const first = searchAdsFields({ query: QUERY, pageSize: 100 }).json as {
      results: Array<{ name: string; selectable: boolean; isRepeated: boolean }>;
      nextPageToken?: string;
    };
    const second = searchAdsFields({
      query: QUERY,
      pageSize: 100,
      pageToken: first.nextPageToken ?? '',
    }).json as typeof first;
    const all = [...first.results, ...second.results];
    expect(second.nextPageToken).toBeUndefined();
    expect(all.filter((f) => f.selectable && !f.isRepeated).length).toBeGreaterThanOrEqual(150);
    expect(searchAdsFields({ query: QUERY }).json).toEqual(searchAdsFields({ query: QUERY }).json);
    expect(searchAdsFields({ query: 'SELECT name' }).status).toBe(400);
  });

  it('refuses what Google refuses: fields the FROM resource lacks, a segment with a metric it is not selectable with', () => {
    expect(gaqlRefusal('keyword_view', ['ad_group_criterion.keyword.text', 'metrics.clicks'])).toBe(
      undefined,
    );
    expect(gaqlRefusal('keyword_view', ['ad_group_ad.ad.name', 'metrics.clicks'])).toContain(
      "'ad_group_ad.ad.name' cannot be selected FROM keyword_view",
    );
    expect(
      gaqlRefusal('campaign', ['segments.conversion_action_name', 'metrics.clicks']),
    ).toContain("'segments.conversion_action_name' is not selectable with 'metrics.clicks'");
    expect(
      gaqlRefusal('campaign', ['segments.conversion_action_name', 'metrics.conversions']),
    ).toBe(undefined);
    expect(gaqlRefusal('campaign', ['campaign.labels'])).toContain('not selectable');
    expect(gaqlRefusal('campaign', ['metrics.bogus'])).toContain('Unrecognized field');
  });
});
