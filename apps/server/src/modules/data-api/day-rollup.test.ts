import { describe, expect, it } from 'vitest';
import { DATE, dimension, distinct, metric, percent, ratioOf } from '../reports/report-fields.ts';
import { answers, dayOfValue, planOf, rollUp } from './day-rollup.ts';

const CATALOGUE = new Map(
  [
    DATE,
    dimension('campaign', 'Campaign', 'Campaign'),
    dimension('device', 'Device', 'Device'),
    metric('clicks', 'Clicks', 'Clicks'),
    metric('impressions', 'Impressions', 'Impressions'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression'), 'clicks', 'impressions'),
    distinct('users', 'Users', 'Distinct users'),
    metric('position', 'Average position', 'Average', 'NUMBER', 'AVG'),
  ].map((f) => [f.id, f]),
);

describe('day plans', () => {
  it('a report with the date is its day rows as asked, whatever its metrics', () => {
    expect(planOf(CATALOGUE, ['campaign', 'date', 'users'], [])).toEqual({
      kind: 'days',
      dayFields: ['campaign', 'date', 'users'],
      asIs: true,
    });
  });

  it('without the date, sums and ratios are read by day with the date and the parts added', () => {
    expect(planOf(CATALOGUE, ['campaign', 'ctr'], [])).toEqual({
      kind: 'days',
      dayFields: ['date', 'campaign', 'ctr', 'clicks', 'impressions'],
      asIs: false,
    });
  });

  it('distinct counts, averages, and filters on metrics or on fields not asked are read as asked', () => {
    expect(planOf(CATALOGUE, ['campaign', 'users'], []).kind).toBe('exact');
    expect(planOf(CATALOGUE, ['position'], []).kind).toBe('exact');
    const onMetric = [
      { field: 'clicks', operator: 'NUMERIC_GREATER_THAN' as const, values: ['5'] },
    ];
    expect(planOf(CATALOGUE, ['date', 'clicks'], onMetric).kind).toBe('exact');
    const onOther = [{ field: 'device', operator: 'EQUALS' as const, values: ['mobile'] }];
    expect(planOf(CATALOGUE, ['date', 'clicks'], onOther).kind).toBe('exact');
    expect(planOf(CATALOGUE, ['date', 'device', 'clicks'], onOther).kind).toBe('days');
  });

  it('stored rows with more dimensions answer only reports whose metrics all roll up', () => {
    const stored = ['date', 'campaign', 'device', 'clicks', 'impressions', 'users'];
    expect(answers(CATALOGUE, stored, ['date', 'campaign', 'clicks', 'ctr'])).toBe(true);
    expect(answers(CATALOGUE, stored, ['date', 'campaign', 'users'])).toBe(false);
    expect(answers(CATALOGUE, stored, ['date', 'campaign', 'device', 'users'])).toBe(true);
  });
});

describe('rolling up', () => {
  it('sums counts and recomputes ratios from their summed parts, never averaging them', () => {
    const from = ['date', 'campaign', 'clicks', 'impressions', 'ctr'];
    const rows = [
      ['20260201', 'A', 1, 100, 0.01],
      ['20260202', 'A', 9, 10, 0.9],
      ['20260201', 'B', null, 5, null],
    ];
    expect(rollUp(CATALOGUE, from, rows, ['campaign', 'clicks', 'ctr'])).toEqual([
      ['A', 10, 10 / 110],
      ['B', null, null],
    ]);
  });

  it('sums a count on its own, with no ratio asked', () => {
    const rows = [
      ['20260201', 'A', 1],
      ['20260202', 'A', 2],
    ];
    expect(rollUp(CATALOGUE, ['date', 'campaign', 'clicks'], rows, ['clicks'])).toEqual([[3]]);
  });

  it('puts rows of the same dimensions in the asked order', () => {
    expect(rollUp(CATALOGUE, ['date', 'clicks'], [['20260201', 3]], ['clicks', 'date'])).toEqual([
      [3, '20260201'],
    ]);
  });

  it('reads the day of a row as the report writes it', () => {
    expect(dayOfValue('20260201')).toBe('2026-02-01');
    expect(dayOfValue('2026-02-01')).toBe('2026-02-01');
    expect(dayOfValue(null)).toBeUndefined();
  });
});
