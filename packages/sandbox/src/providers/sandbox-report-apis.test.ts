import { describe, expect, it } from 'vitest';
import { findConnectorByName } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import type { SandboxReportCall } from './sandbox-report-api.ts';
import { SANDBOX_REPORT_APIS } from './sandbox-report-apis.ts';
import { historyStart } from './sandbox-report-calendar.ts';

/** Late November 2026 in New York: 2026-11-28 there. */
const NOW = '2026-11-28T15:00:00Z';

/** A call to a connector's sandbox reporting API as the routes make it, at a clock time. */
function ask(
  name: string,
  path: string,
  more: {
    method?: string;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    account: string;
    at?: string | undefined;
  },
) {
  const found = findConnectorByName(name);
  const api = found ? providerApiOf(found) : undefined;
  const reports = SANDBOX_REPORT_APIS[name];
  if (!found || !api || !reports) throw new Error(`no sandbox reports for ${name}`);
  const call: SandboxReportCall = {
    connector: { ...found, api },
    method: more.method ?? 'GET',
    path,
    query: new URLSearchParams(more.query ?? {}),
    headers: more.headers ?? {},
    body: more.body,
    accounts: new Set([more.account]),
    base: `http://sandbox.test/${name}/reports`,
    sign: (text) => `signed-${text.length}`,
    now: Date.parse(more.at ?? NOW),
    realNow: Date.parse(more.at ?? NOW),
  };
  return reports.answer(call);
}

interface GaAnswer {
  rows: Array<{
    dimensionValues: Array<{ value: string }>;
    metricValues: Array<{ value: string }>;
  }>;
  rowCount: number;
}

const ga = (dimensions: string[], metrics: string[], start: string, end: string, at?: string) =>
  ask('google-analytics', 'properties/p-1:runReport', {
    method: 'POST',
    account: 'p-1',
    at,
    body: {
      dateRanges: [{ startDate: start, endDate: end }],
      dimensions: dimensions.map((name) => ({ name })),
      metrics: metrics.map((name) => ({ name })),
      limit: 100,
    },
  }).json as GaAnswer;

const byFirstKey = (answer: GaAnswer) =>
  new Map(
    answer.rows.map((r) => [
      r.dimensionValues[0]?.value,
      r.metricValues.map((m) => Number(m.value)),
    ]),
  );

describe('the sandbox GA4 runReport', () => {
  it('answers one row per source over the range, each the sum of its day rows', () => {
    const range = ga(['sessionSource', 'sessionMedium'], ['sessions'], '2026-03-01', '2026-03-14');
    const daily = ga(
      ['date', 'sessionSource', 'sessionMedium'],
      ['sessions'],
      '2026-03-01',
      '2026-03-14',
    );
    expect(range.rowCount).toBe(5);
    const sums = new Map<string, number>();
    for (const row of daily.rows) {
      const key = `${row.dimensionValues[1]?.value}/${row.dimensionValues[2]?.value}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(row.metricValues[0]?.value));
    }
    for (const row of range.rows) {
      const key = `${row.dimensionValues[0]?.value}/${row.dimensionValues[1]?.value}`;
      expect(Number(row.metricValues[0]?.value), key).toBe(sums.get(key));
    }
  });

  it('counts users once over the range: at least the busiest day, at most the sum of days', () => {
    const total = ga([], ['totalUsers', 'sessions'], '2026-03-01', '2026-03-31');
    const days = ga(['date'], ['totalUsers'], '2026-03-01', '2026-03-31');
    expect(total.rowCount).toBe(1);
    const users = Number(total.rows[0]?.metricValues[0]?.value);
    const perDay = days.rows.map((r) => Number(r.metricValues[0]?.value));
    expect(perDay).toHaveLength(31);
    expect(users).toBeLessThan(perDay.reduce((s, v) => s + v, 0));
    expect(users).toBeGreaterThanOrEqual(Math.max(...perDay));
  });

  it('works the engagement rate out from the range totals, not from the days', () => {
    const metrics = ['engagementRate', 'engagedSessions', 'sessions'];
    const total = ga([], metrics, '2026-03-01', '2026-03-31');
    const days = ga(['date'], metrics, '2026-03-01', '2026-03-31').rows.map((r) =>
      r.metricValues.map((m) => Number(m.value)),
    );
    const sum = (i: number) => days.reduce((s, d) => s + (d[i] ?? 0), 0);
    expect(total.rowCount).toBe(1);
    const [rate = 0, engaged = 0, sessions = 0] =
      total.rows[0]?.metricValues.map((m) => Number(m.value)) ?? [];
    expect([engaged, sessions]).toEqual([sum(1), sum(2)]);
    expect(rate).toBeCloseTo(sum(1) / sum(2), 12);
    expect(rate).not.toBeCloseTo(sum(0) / days.length, 6);
  });

  it('has no rows after today in the account time zone, nor before the account history', () => {
    // 03:00 UTC on the 29th is still the 28th in New York.
    const late = ga(['date'], ['sessions'], '2026-11-20', '2026-12-10', '2026-11-29T03:00:00Z');
    const dates = late.rows.map((r) => r.dimensionValues[0]?.value);
    expect(dates.at(-1)).toBe('20261128');
    expect(dates).toHaveLength(9);
    const first = historyStart('p-1');
    const early = ga(['date'], ['sessions'], '2024-01-01', '2026-01-01');
    expect(early.rows[0]?.dimensionValues[0]?.value).toBe(first.replace(/-/g, ''));
    expect(ga(['date'], ['sessions'], '2023-01-01', '2023-12-31').rowCount).toBe(0);
  });

  it('keeps revising the last two days as the clock moves, and settled days never', () => {
    const at = (iso: string) =>
      byFirstKey(ga(['date'], ['sessions'], '2026-11-20', '2026-11-27', iso));
    const morning = at('2026-11-28T14:00:00Z');
    const evening = at('2026-11-28T22:00:00Z');
    expect(morning.get('20261127')).not.toEqual(evening.get('20261127'));
    for (const day of ['20261120', '20261123', '20261125']) {
      expect(morning.get(day), day).toEqual(evening.get(day));
      expect(at('2027-02-01T10:00:00Z').get(day), day).toEqual(morning.get(day));
    }
    expect(at('2026-11-28T14:00:00Z')).toEqual(morning);
  });
});
