import { describe, expect, it } from 'vitest';
import type { ReportFilter } from '../../src/modules/reports/report-fetcher.ts';
import { fetcherOf, json, recordedFetchers, requestFor } from './recorded-provider.ts';

/** The checks every fetcher shares: before any call, and on every row after it. */
describe('report requests are checked before any provider call', () => {
  it.each([
    [
      ['sessions', 'no_such_field'],
      [],
      'Google Analytics has no field "no_such_field". Pick fields from the data source\'s field list.',
    ],
    [[], [], 'Pick at least one field for the report.'],
    [
      ['sessions'],
      [{ field: 'nope', operator: 'EQUALS' as const, values: ['x'] }],
      'Google Analytics has no field "nope".',
    ],
  ])('fields %j, filters %j: refused, nothing sent', async (fields, filters, message) => {
    const { fetchers, sent } = recordedFetchers([]);
    await expect(
      fetcherOf(fetchers, 'google-analytics').fetch(requestFor('1', fields, { filters })),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
      message: expect.stringContaining(message) as unknown,
    });
    expect(sent).toHaveLength(0);
  });

  it("a range past the provider's limit is refused with the limit, nothing sent", async () => {
    const { fetchers, sent } = recordedFetchers([]);
    const fetcher = fetcherOf(fetchers, 'pinterest-ads');
    const max = fetcher.schema({ externalId: '1', name: 'x', currency: null }).maxDaysPerCall;
    await expect(
      fetcher.fetch(
        requestFor('1', ['clicks'], { dateRange: { start: '2024-01-01', end: '2024-06-30' } }),
      ),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
      message: `Pinterest Ads answers at most ${max} days in one report; this range has 182. Pick a shorter range.`,
    });
    expect(sent).toHaveLength(0);
  });
});

describe('filters apply to the rows in one place', () => {
  const rows = async (filters: ReportFilter[]) => {
    const { fetchers } = recordedFetchers([
      json('ga4-run-report-page1.json'),
      json('ga4-run-report-page2.json'),
    ]);
    const result = await fetcherOf(fetchers, 'google-analytics').fetch(
      requestFor('1', ['date', 'source', 'sessions'], { filters }),
    );
    // The recorded answer has date and source; the day is dropped to keep expectations short.
    return result.rows.map((row) => row.slice(1));
  };

  it('EQUALS, CONTAINS (any case), IN_LIST and numeric bounds', async () => {
    expect(await rows([{ field: 'source', operator: 'EQUALS', values: ['google'] }])).toEqual([
      ['google', 412],
    ]);
    expect(await rows([{ field: 'source', operator: 'CONTAINS', values: ['NEWS'] }])).toEqual([
      ['newsletter', 57],
    ]);
    expect(
      await rows([{ field: 'source', operator: 'IN_LIST', values: ['google', 'newsletter'] }]),
    ).toHaveLength(2);
    expect(
      await rows([{ field: 'sessions', operator: 'NUMERIC_GREATER_THAN', values: ['50'] }]),
    ).toEqual([
      ['google', 412],
      ['newsletter', 57],
    ]);
    expect(
      await rows([{ field: 'sessions', operator: 'NUMERIC_LESS_THAN', values: ['50'] }]),
    ).toEqual([[null, 38]]);
  });

  it('a filter on a field not asked for still narrows the rows', async () => {
    const { fetchers, sent } = recordedFetchers([
      json('ga4-run-report-page1.json'),
      json('ga4-run-report-page2.json'),
    ]);
    const result = await fetcherOf(fetchers, 'google-analytics').fetch(
      requestFor('1', ['date', 'source', 'sessions'], {
        filters: [{ field: 'source', operator: 'EQUALS', values: ['google'] }],
      }),
    );
    expect(result.rows).toEqual([['20240301', 'google', 412]]);
    expect(sent[0]?.body).toMatchObject({
      dimensions: [{ name: 'date' }, { name: 'sessionSource' }],
    });
  });
});

describe('filters compare values as the report shows them', () => {
  it('a date filter uses YYYYMMDD, as Looker Studio sends it', async () => {
    const { fetchers } = recordedFetchers([
      json('ga4-run-report-page1.json'),
      json('ga4-run-report-page2.json'),
    ]);
    const result = await fetcherOf(fetchers, 'google-analytics').fetch(
      requestFor('1', ['date', 'source', 'sessions'], {
        filters: [{ field: 'date', operator: 'EQUALS', values: ['20240302'] }],
      }),
    );
    expect(result.rows).toEqual([['20240302', 'newsletter', 57]]);
  });
});
