import { describe, expect, it } from 'vitest';
import type { ProviderCallOutcome } from '../../src/modules/reports/report-http.ts';
import { fetcherOf, json, recordedFetchers, requestFor } from './recorded-provider.ts';

/**
 * Every HTTP call a fetcher makes to a provider's reporting API is counted where fetchers
 * make calls: by the instance's metrics (connector and outcome) and in the request's own
 * count, which the data API logs per job.
 */
describe('provider calls are counted', () => {
  const counting = () => {
    const seen: Array<[string, ProviderCallOutcome]> = [];
    return { seen, onCall: (c: string, o: ProviderCallOutcome) => void seen.push([c, o]) };
  };

  it('a paged report counts each page it asked for, in the request and the metrics', async () => {
    const metrics = counting();
    const { fetchers, sent } = recordedFetchers(
      [json('ga4-run-report-page1.json'), json('ga4-run-report-page2.json')],
      { onCall: metrics.onCall },
    );
    const providerCalls = { count: 0 };
    await fetcherOf(fetchers, 'google-analytics').fetch(
      requestFor('properties/312345678', ['date', 'sessions'], { providerCalls }),
    );
    expect(sent).toHaveLength(2);
    expect(providerCalls.count).toBe(2);
    expect(metrics.seen).toEqual([
      ['google-analytics', 'ok'],
      ['google-analytics', 'ok'],
    ]);
  });

  it('a refused call counts too, by why it was refused', async () => {
    const metrics = counting();
    const { fetchers } = recordedFetchers(
      [json('google-error-401.json', 429, { 'retry-after': '3' })],
      { onCall: metrics.onCall },
    );
    const providerCalls = { count: 0 };
    await expect(
      fetcherOf(fetchers, 'google-analytics').fetch(
        requestFor('properties/1', ['sessions'], { providerCalls }),
      ),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(providerCalls.count).toBe(1);
    expect(metrics.seen).toEqual([['google-analytics', 'rate_limited']]);
  });

  it('a call that gets no answer counts as unreachable', async () => {
    const metrics = counting();
    const { fetchers } = recordedFetchers([], { onCall: metrics.onCall });
    await expect(
      fetcherOf(fetchers, 'google-analytics').fetch(requestFor('properties/1', ['sessions'])),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    expect(metrics.seen).toEqual([['google-analytics', 'unreachable']]);
  });
});
