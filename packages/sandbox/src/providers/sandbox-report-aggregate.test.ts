import { describe, expect, it } from 'vitest';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';

const METRICS: Record<string, MetricRule> = {
  clicks: 'sum',
  impressions: 'sum',
  reach: 'distinct',
  ctr: { ratio: ['clicks', 'impressions'], scale: 100 },
};

const record = (day: string, campaign: string, clicks: number, impressions: number) => ({
  day,
  keys: { campaign },
  values: { clicks, impressions, reach: Math.round(impressions * 0.6) },
});

const RECORDS: DayRecord[] = [
  record('2025-12-01', 'a', 10, 1000),
  record('2025-12-01', 'b', 30, 500),
  record('2025-12-02', 'a', 20, 800),
  record('2025-12-02', 'b', 5, 100),
  record('2025-12-03', 'a', 1, 50),
];

// Days long settled at this clock (a connector without a settle window, too).
const spec = (by: string[]) => ({
  connector: 'google-ads',
  account: 'acc-1',
  now: Date.parse('2026-11-28T12:00:00Z'),
  by,
  metrics: METRICS,
});

describe('the aggregation rule of the sandbox reports', () => {
  it('groups by the dimensions asked: one row per campaign over the range, sums added', () => {
    const rows = aggregate(spec(['campaign']), RECORDS);
    expect(rows.map((r) => r.keys)).toEqual([{ campaign: 'a' }, { campaign: 'b' }]);
    expect(rows[0]?.values.clicks).toBe(31);
    expect(rows[0]?.values.impressions).toBe(1850);
    expect(rows[1]?.values.clicks).toBe(35);
    expect(rows[0]).toMatchObject({ first: '2025-12-01', last: '2025-12-03' });
  });

  it('counts people once: a range between its biggest part and the sum of its parts', () => {
    const [total] = aggregate(spec([]), RECORDS);
    const parts = RECORDS.map((r) => r.values.reach ?? 0);
    const sum = parts.reduce((s, v) => s + v, 0);
    expect(total?.values.reach).toBeLessThan(sum);
    expect(total?.values.reach).toBeGreaterThanOrEqual(Math.max(...parts));
    const byDay = aggregate(spec(['date', 'campaign']), RECORDS);
    expect(byDay.map((r) => r.values.reach)).toEqual(parts);
  });

  it('works rates out from the totals, not by adding or averaging the parts', () => {
    const [total] = aggregate(spec([]), RECORDS);
    expect(total?.values.ctr).toBeCloseTo((66 / 2450) * 100, 10);
    const averageOfDays =
      aggregate(spec(['date']), RECORDS).reduce((s, r) => s + (r.values.ctr ?? 0), 0) / 3;
    expect(total?.values.ctr).not.toBeCloseTo(averageOfDays, 3);
  });

  it('revises days inside the settle window as the clock moves and never once settled', () => {
    const at = (iso: string) => ({ ...spec(['date']), now: Date.parse(iso) });
    const recent = [
      record('2026-11-27', 'a', 1000, 50_000),
      record('2025-11-27', 'a', 1000, 50_000),
    ];
    const hours = ['2026-11-28T12:00:00Z', '2026-11-28T15:00:00Z', '2026-11-29T18:00:00Z'];
    const answers = hours.map((h) => aggregate(at(h), recent));
    const fresh = answers.map((rows) => rows[0]?.values.clicks);
    expect(new Set(fresh).size).toBe(3);
    for (const clicks of fresh) expect(clicks).toBeLessThan(1000);
    expect(answers.map((rows) => rows[1]?.values.clicks)).toEqual([1000, 1000, 1000]);
    // Thirty days on (Google Ads' window), the day is final: its figures as recorded.
    expect(aggregate(at('2026-12-28T12:00:00Z'), recent)[0]?.values.clicks).toBe(1000);
    expect(aggregate(at('2027-03-01T09:00:00Z'), recent)[0]?.values.clicks).toBe(1000);
    // Same clock, same answer.
    expect(aggregate(at(hours[0] ?? ''), recent)).toEqual(answers[0]);
  });
});
