import { describe, expect, it } from 'vitest';
import { findConnectorByName } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import { SandboxProviderControl } from './sandbox-control.ts';
import type { SandboxReportCall } from './sandbox-report-api.ts';
import { SANDBOX_REPORT_APIS } from './sandbox-report-apis.ts';
import { historyStart } from './sandbox-report-calendar.ts';
import { REPORT_RULES } from './sandbox-report-rules.ts';

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
    quota?: SandboxProviderControl;
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
    quota: more.quota ?? new SandboxProviderControl(),
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

interface MetaAnswer {
  data: Array<Record<string, string> & { date_start: string; date_stop: string }>;
}

const meta = (query: Record<string, string>, at?: string) =>
  ask('facebook-ads', 'act_a-1/insights', {
    account: 'act_a-1',
    at,
    query: { fields: 'impressions,reach,clicks,spend,ctr,cpc', limit: '50', ...query },
  }).json as MetaAnswer;

const RANGE = JSON.stringify({ since: '2026-03-01', until: '2026-03-20' });

describe('the sandbox Meta insights', () => {
  it('answers the whole range in one row by default, the sum of the daily rows', () => {
    const [total] = meta({ time_range: RANGE }).data;
    const days = meta({ time_range: RANGE, time_increment: '1' }).data;
    expect(days).toHaveLength(20);
    expect(total).toMatchObject({ date_start: '2026-03-01', date_stop: '2026-03-20' });
    const sum = (field: string) => days.reduce((s, d) => s + Number(d[field]), 0);
    expect(Number(total?.impressions)).toBe(sum('impressions'));
    expect(Number(total?.clicks)).toBe(sum('clicks'));
    expect(Number(total?.spend)).toBeCloseTo(sum('spend'), 1);
    // Reach counts people once: between the biggest day and the sum of days.
    expect(Number(total?.reach)).toBeLessThan(sum('reach'));
    expect(Number(total?.reach)).toBeGreaterThanOrEqual(
      Math.max(...days.map((d) => Number(d.reach))),
    );
    // CTR (a percentage) from the range's clicks and impressions.
    expect(Number(total?.ctr)).toBeCloseTo((sum('clicks') * 100) / sum('impressions'), 5);
  });

  it('answers the account as its campaigns combined', () => {
    const account = meta({ time_range: RANGE, time_increment: '1' }).data;
    const campaigns = meta({ time_range: RANGE, time_increment: '1', level: 'campaign' }).data;
    const first = campaigns.filter((c) => c.date_start === '2026-03-01');
    expect(first).toHaveLength(3);
    expect(Number(account[0]?.impressions)).toBe(
      first.reduce((s, c) => s + Number(c.impressions), 0),
    );
  });

  it('revises the last 28 days as the clock moves; older days never change', () => {
    const range = JSON.stringify({ since: '2026-10-20', until: '2026-11-27' });
    const at = (iso: string) =>
      new Map(
        meta({ time_range: range, time_increment: '1' }, iso).data.map((d) => [
          d.date_start,
          d.clicks,
        ]),
      );
    const now = at('2026-11-28T15:00:00Z');
    const later = at('2026-11-28T19:00:00Z');
    expect(later.get('2026-11-20')).not.toBe(now.get('2026-11-20'));
    expect(later.get('2026-10-25')).toBe(now.get('2026-10-25'));
    expect(at('2027-01-10T08:00:00Z').get('2026-11-20')).toBe(
      at('2027-02-10T08:00:00Z').get('2026-11-20'),
    );
  });

  it('refuses a start past its 37-month retention with its own error', () => {
    const answer = ask('facebook-ads', 'act_a-1/insights', {
      account: 'act_a-1',
      query: { time_range: JSON.stringify({ since: '2023-09-01', until: '2023-09-30' }) },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 3018 } });
  });
});

describe('the sandbox Google Ads search', () => {
  it('answers one row per campaign over the range without segments.date', () => {
    const search = (select: string) =>
      (
        ask('google-ads', 'customers/c-1/googleAds:search', {
          method: 'POST',
          account: 'c-1',
          body: {
            query: `SELECT ${select} FROM campaign WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-10'`,
          },
        }).json as {
          results: Array<{
            campaign: { id: string };
            metrics: { clicks: string; ctr: number; impressions: string };
          }>;
        }
      ).results;
    const total = search('campaign.id, metrics.clicks, metrics.impressions, metrics.ctr');
    const daily = search('campaign.id, segments.date, metrics.clicks');
    expect(total).toHaveLength(3);
    expect(daily).toHaveLength(30);
    for (const row of total) {
      const days = daily.filter((d) => d.campaign.id === row.campaign.id);
      expect(Number(row.metrics.clicks)).toBe(
        days.reduce((s, d) => s + Number(d.metrics.clicks), 0),
      );
      expect(row.metrics.ctr).toBeCloseTo(
        Number(row.metrics.clicks) / Number(row.metrics.impressions),
        12,
      );
    }
  });
});

describe('each sandbox provider', () => {
  it('declares its settle window and any per-call limit with where its provider documents them', () => {
    for (const name of Object.keys(SANDBOX_REPORT_APIS)) {
      const rules = REPORT_RULES[name];
      expect(rules, name).toBeDefined();
      expect(rules?.source, name).toMatch(/^https:\/\//);
      expect(rules?.settleDays, name).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses a call longer than its documented per-call limit, in its own error shape', () => {
    const instagram = ask('instagram-insights', 'ig-1/insights', {
      account: 'ig-1',
      query: {
        metric: 'reach',
        since: String(Date.parse('2026-01-01T00:00:00Z') / 1000),
        until: String(Date.parse('2026-02-15T00:00:00Z') / 1000),
      },
    });
    expect(instagram).toMatchObject({ status: 400, json: { error: { code: 100 } } });
    expect(JSON.stringify(instagram.json)).toContain('30 days');
    const pinterest = ask('pinterest-ads', 'ad_accounts/pin-1/analytics', {
      account: 'pin-1',
      query: { start_date: '2025-12-01', end_date: '2026-03-15' },
    });
    expect(pinterest).toMatchObject({ status: 400, json: { code: 1 } });
    const tiktok = ask('tiktok-ads', 'report/integrated/get/', {
      account: 'tt-1',
      headers: { 'access-token': 'token' },
      query: { advertiser_id: 'tt-1', start_date: '2026-01-01', end_date: '2026-02-15' },
    });
    // TikTok answers its errors inside a 200.
    expect(tiktok.status).toBeUndefined();
    expect(tiktok.json).toMatchObject({ code: 40002 });
    const amazon = ask('amazon-ads', 'reporting/reports', {
      method: 'POST',
      account: 'amz-1',
      headers: { 'amazon-advertising-api-scope': 'amz-1' },
      body: {
        startDate: '2026-01-01',
        endDate: '2026-02-15',
        configuration: { reportTypeId: 'spCampaigns' },
      },
    });
    expect(amazon).toMatchObject({ status: 400 });
    const x = ask('x-ads', 'stats/accounts/x-1', {
      account: 'x-1',
      query: { start_time: '2026-03-01T00:00:00Z', end_time: '2026-03-09T00:00:00Z' },
    });
    expect(x).toMatchObject({ status: 400, json: { errors: [{ code: 'INVALID_PARAMETER' }] } });
    const snapchat = ask('snapchat-ads', 'adaccounts/sc-1/stats', {
      account: 'sc-1',
      query: { start_time: '2026-01-01T00:00:00Z', end_time: '2026-02-15T00:00:00Z' },
    });
    expect(snapchat).toMatchObject({ status: 400 });
    // Within the limit, the same calls answer.
    const within = ask('pinterest-ads', 'ad_accounts/pin-1/analytics', {
      account: 'pin-1',
      query: { start_date: '2026-01-01', end_date: '2026-03-31' },
    });
    expect(within.status).toBeUndefined();
    expect(within.json).toHaveLength(90);
  });

  it('answers X null for the days after today of the week asked', () => {
    const week = ask('x-ads', 'stats/accounts/x-1', {
      account: 'x-1',
      query: { start_time: '2026-11-25T00:00:00Z', end_time: '2026-12-02T00:00:00Z' },
    }).json as { data: Array<{ id_data: Array<{ metrics: { clicks: Array<number | null> } }> }> };
    const clicks = week.data[0]?.id_data[0]?.metrics.clicks ?? [];
    expect(clicks).toHaveLength(7);
    expect(clicks.slice(0, 4).every((c) => typeof c === 'number')).toBe(true);
    expect(clicks.slice(4)).toEqual([null, null, null]);
  });

  it('lists no payments after today', () => {
    const stripe = (start: string, end: string) =>
      (
        ask('stripe', 'balance_transactions', {
          account: 'st-1',
          query: {
            'created[gte]': String(Date.parse(`${start}T00:00:00Z`) / 1000),
            'created[lt]': String(Date.parse(`${end}T00:00:00Z`) / 1000),
            limit: '100',
          },
        }).json as { data: Array<{ created: number }> }
      ).data;
    const future = stripe('2026-11-29', '2026-12-20');
    expect(future).toEqual([]);
    const recent = stripe('2026-11-25', '2026-12-20');
    expect(recent.length).toBeGreaterThan(0);
    for (const t of recent)
      expect(t.created * 1000).toBeLessThan(Date.parse('2026-11-29T05:00:00Z'));
  });
});

describe('sandbox GA4 quota and notices', () => {
  const runReport = (
    property: string,
    body: Record<string, unknown>,
    quota: SandboxProviderControl,
    at?: string,
  ) =>
    ask('google-analytics', `properties/${property}:runReport`, {
      method: 'POST',
      account: property,
      body: {
        dateRanges: [{ startDate: '2026-11-01', endDate: '2026-11-14' }],
        dimensions: [{ name: 'date' }],
        metrics: [{ name: 'sessions' }],
        returnPropertyQuota: true,
        ...body,
      },
      quota,
      at,
    });

  it('counts the property quota down call by call and refuses once spent, until the hour turns', () => {
    const quota = new SandboxProviderControl();
    quota.ga4Quota.tokensPerHour = 5;
    const first = runReport('p-1', {}, quota).json as {
      propertyQuota: Record<string, { consumed: number; remaining: number }>;
    };
    expect(first.propertyQuota.tokensPerHour).toEqual({ consumed: 2, remaining: 3 });
    expect(first.propertyQuota.tokensPerDay).toEqual({ consumed: 2, remaining: 199_998 });
    const second = runReport('p-1', {}, quota).json as typeof first;
    expect(second.propertyQuota.tokensPerHour).toEqual({ consumed: 2, remaining: 1 });
    const refused = runReport('p-1', {}, quota);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.json)).toContain('RESOURCE_EXHAUSTED');
    const nextHour = runReport('p-1', {}, quota, '2026-11-28T16:00:00Z').json as typeof first;
    expect(nextHour.propertyQuota.tokensPerHour).toEqual({ consumed: 2, remaining: 3 });
  });

  it('reports sampling, thresholding and "(other)" rows for a busy property only', () => {
    const quota = new SandboxProviderControl();
    const busy = runReport('p-2', { dimensions: [{ name: 'landingPage' }] }, quota).json as {
      metadata: Record<string, unknown>;
    };
    expect(busy.metadata).toMatchObject({
      subjectToThresholding: true,
      dataLossFromOtherRow: true,
      samplingMetadatas: [{ samplesReadCount: '250000', samplingSpaceSize: '1000000' }],
    });
    const quiet = runReport('p-1', {}, quota).json as { metadata: Record<string, unknown> };
    expect(quiet.metadata.subjectToThresholding).toBeUndefined();
    expect(quiet.metadata.samplingMetadatas).toBeUndefined();
  });
});
