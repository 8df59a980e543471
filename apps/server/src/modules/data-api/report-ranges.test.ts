import { describe, expect, it } from 'vitest';
import { DATE, dimension, distinct, metric } from '../reports/report-fields.ts';
import type { ReportSchema } from '../reports/report-fetcher.ts';
import { callsFor, checkReportRange } from './report-ranges.ts';

const SCHEMA: ReportSchema = {
  fields: [
    DATE,
    dimension('campaign', 'Campaign', 'Campaign'),
    metric('clicks', 'Clicks', 'Clicks'),
    distinct('users', 'Users', 'Distinct users'),
  ],
  defaultDateRangeDays: 28,
  maxDaysPerCall: 30,
  historyDays: 90,
  settleDays: 3,
};
const NOW = new Date('2026-03-10T12:00:00Z');
const check = (fields: string[], startDate: string, endDate: string) => () =>
  checkReportRange(
    'Example Ads',
    SCHEMA,
    { fields, filters: [], dateRange: { startDate, endDate } },
    NOW,
  );

describe('provider calls for a set of days', () => {
  it('one call per run of consecutive days, cut at the per-call limit', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-05', '2026-01-06'];
    expect(callsFor(days, 2)).toEqual([
      { start: '2026-01-01', end: '2026-01-02' },
      { start: '2026-01-03', end: '2026-01-03' },
      { start: '2026-01-05', end: '2026-01-06' },
    ]);
    expect(callsFor([], 30)).toEqual([]);
  });
});

describe('the ranges a report may ask', () => {
  it('refuses a start before the history, saying how far back the data goes', () => {
    expect(check(['date', 'clicks'], '2025-12-09', '2025-12-20')).toThrow(
      'Example Ads keeps 90 days of data, back to 2025-12-10; this range starts on 2025-12-09.',
    );
    expect(check(['date', 'clicks'], '2025-12-10', '2025-12-20')).not.toThrow();
  });

  it('takes a range past one call where days add up, refuses it for a distinct count', () => {
    expect(check(['date', 'users'], '2026-01-01', '2026-03-01')).not.toThrow();
    expect(check(['campaign', 'clicks'], '2026-01-01', '2026-03-01')).not.toThrow();
    expect(check(['campaign', 'users'], '2026-01-01', '2026-03-01')).toThrow(
      'Example Ads answers at most 30 days in one report, and Users cannot be added up from shorter ranges; this range has 60. Add the Date field or pick at most 30 days.',
    );
    expect(check(['campaign', 'users'], '2026-01-01', '2026-01-30')).not.toThrow();
  });
});
