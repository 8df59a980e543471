import {
  DATE,
  dimension,
  distinct,
  metric,
  percent,
  ratioOf,
} from '../../src/modules/reports/report-fields.ts';
import type {
  ReportFetcher,
  ReportFetchers,
  ReportRequest,
  ReportSchema,
  ReportValue,
} from '../../src/modules/reports/report-fetcher.ts';
import { ReportError } from '../../src/modules/reports/report-fetcher.ts';
import { TEST_CONNECTOR } from './report-fetcher.ts';

/** Days one call answers, and how far back the provider keeps data. */
export const PER_CALL = 30;
export const HISTORY = 400;
export const SETTLE = 3;

const SCHEMA: ReportSchema = {
  fields: [
    DATE,
    dimension('campaign', 'Campaign', 'Campaign'),
    dimension('device', 'Device', 'Device'),
    metric('sessions', 'Sessions', 'Sessions'),
    metric('engaged_sessions', 'Engaged sessions', 'Engaged sessions'),
    ratioOf(
      percent('engagement_rate', 'Engagement rate', 'Engaged per session'),
      'engaged_sessions',
      'sessions',
    ),
    distinct('total_users', 'Total users', 'Distinct users'),
  ],
  defaultDateRangeDays: 28,
  maxDaysPerCall: PER_CALL,
  historyDays: HISTORY,
  settleDays: SETTLE,
};

const DIMENSIONS = new Set(['date', 'campaign', 'device']);
const DAY_MS = 86_400_000;

/** One visit the provider recorded: what its reports group and count. */
interface Visit {
  date: string;
  campaign: string;
  device: string;
  user: string;
  engaged: boolean;
}

/** The visits of one day: a few per campaign and device, by users who come back on other days. */
function visitsOn(day: string): Visit[] {
  const n = Math.round(new Date(`${day}T00:00:00Z`).getTime() / DAY_MS);
  const visits: Visit[] = [];
  for (const campaign of ['Brand', 'Search']) {
    for (const device of ['desktop', 'mobile']) {
      const count = 1 + ((n * 7 + campaign.length + device.length) % 5);
      for (let i = 0; i < count; i += 1) {
        visits.push({
          date: day.replace(/-/g, ''),
          campaign,
          device,
          user: `u${(n + i * 3 + device.length) % 11}`,
          engaged: (n + i) % 3 !== 0,
        });
      }
    }
  }
  return visits;
}

/**
 * The provider's own answer for any range and fields, computed from its visits the way an
 * analytics API aggregates: grouped by the asked dimensions, counts summed, users distinct,
 * the engagement rate over the whole group. No per-call limit applies here.
 */
export function providerAnswer(
  fields: readonly string[],
  range: { start: string; end: string },
): ReportValue[][] {
  const visits: Visit[] = [];
  const start = new Date(`${range.start}T00:00:00Z`).getTime();
  const end = new Date(`${range.end}T00:00:00Z`).getTime();
  for (let t = start; t <= end; t += DAY_MS) {
    visits.push(...visitsOn(new Date(t).toISOString().slice(0, 10)));
  }
  const dims = fields.filter((f) => DIMENSIONS.has(f));
  const groups = new Map<string, Visit[]>();
  for (const visit of visits) {
    const key = JSON.stringify(dims.map((d) => visit[d as keyof Visit]));
    groups.set(key, [...(groups.get(key) ?? []), visit]);
  }
  return [...groups.values()].map((group) => {
    const sessions = group.length;
    const engaged = group.filter((v) => v.engaged).length;
    const values: Record<string, ReportValue> = {
      sessions,
      engaged_sessions: engaged,
      engagement_rate: engaged / sessions,
      total_users: new Set(group.map((v) => v.user)).size,
    };
    const first = group[0];
    return fields.map((f) =>
      DIMENSIONS.has(f) ? String(first?.[f as keyof Visit] ?? '') : (values[f] ?? null),
    );
  });
}

/**
 * A report fetcher over those visits, keeping every call, refusing a range past the per-call
 * limit as the real fetchers do, and failing the calls `failWhen` picks.
 */
export function dayStoreFetchers() {
  const control = {
    calls: [] as ReportRequest[],
    failWhen: undefined as ((range: { start: string; end: string }) => boolean) | undefined,
  };
  const fetcher: ReportFetcher = {
    connector: TEST_CONNECTOR,
    schema: () => SCHEMA,
    fetch(request) {
      control.calls.push(request);
      const days =
        (new Date(`${request.dateRange.end}T00:00:00Z`).getTime() -
          new Date(`${request.dateRange.start}T00:00:00Z`).getTime()) /
          DAY_MS +
        1;
      if (days > PER_CALL) {
        return Promise.reject(new ReportError('invalid_request', `At most ${PER_CALL} days.`));
      }
      if (control.failWhen?.(request.dateRange)) {
        return Promise.reject(
          new ReportError('invalid_request', 'The property answered: this report is too large.'),
        );
      }
      const rows = providerAnswer(request.fields, request.dateRange).filter((row) =>
        request.filters.every((f) =>
          f.values.includes(String(row[request.fields.indexOf(f.field)])),
        ),
      );
      return Promise.resolve({ rows });
    },
  };
  const fetchers: ReportFetchers = {
    find: (connector) => (connector === TEST_CONNECTOR ? fetcher : undefined),
  };
  return { fetchers, control };
}

/** Rows in a fixed order, numbers rounded, so two answers compare whatever their row order. */
export function comparable(rows: readonly ReportValue[][]): ReportValue[][] {
  return rows
    .map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
