import type {
  ReportAccount,
  ReportFetcher,
  ReportFetchers,
  ReportRequest,
  ReportSchema,
  ReportValue,
} from '../../src/modules/reports/report-fetcher.ts';
import { ReportError } from '../../src/modules/reports/report-fetcher.ts';

/** Google Analytics' nameSimple: the connector the test fetcher stands in for. */
export const TEST_CONNECTOR = 'google-analytics';

const SCHEMA: ReportSchema = {
  fields: [
    { id: 'date', name: 'Date', description: 'Day', concept: 'DIMENSION', type: 'YEAR_MONTH_DAY' },
    {
      id: 'campaign',
      name: 'Campaign',
      description: 'Campaign',
      concept: 'DIMENSION',
      type: 'TEXT',
    },
    {
      id: 'sessions',
      name: 'Sessions',
      description: 'Sessions',
      concept: 'METRIC',
      type: 'NUMBER',
      aggregation: 'SUM',
    },
    {
      id: 'cost',
      name: 'Cost',
      description: 'Cost',
      concept: 'METRIC',
      type: 'CURRENCY_USD',
      aggregation: 'SUM',
    },
  ],
  defaultDateRangeDays: 28,
  maxDaysPerCall: 90,
  historyDays: 1095,
  settleDays: 3,
};

/**
 * A report fetcher for tests, implementing the real interface: deterministic rows per day and
 * campaign, and switches to fail the next calls the ways a provider does. Every call is kept
 * (with the token it was given) so tests can prove what reached the "provider".
 */
export function testReportFetchers() {
  const control = {
    calls: [] as ReportRequest[],
    /** Rows per day (campaigns); one row per campaign and day. */
    campaignsPerDay: 3,
    /** Fail the next calls with these, one each, in order. */
    failures: [] as ReportError[],
    /** A value to put in the first row's sessions (e.g. an invalid formula marker). */
    firstSessions: undefined as ReportValue | undefined,
    /** Waits before answering (claim-once tests keep a job running). */
    delayMs: 0,
  };
  const fetcher: ReportFetcher = {
    connector: TEST_CONNECTOR,
    schema: (_account: ReportAccount) => SCHEMA,
    async fetch(request) {
      control.calls.push(request);
      // One call to the "provider" per fetch, counted as the real fetchers' HTTP client does.
      if (request.providerCalls) request.providerCalls.count += 1;
      if (control.delayMs) await new Promise((r) => setTimeout(r, control.delayMs));
      const failure = control.failures.shift();
      if (failure) throw failure;
      const rows: ReportValue[][] = [];
      const start = new Date(`${request.dateRange.start}T00:00:00Z`).getTime();
      const end = new Date(`${request.dateRange.end}T00:00:00Z`).getTime();
      for (let t = start; t <= end; t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        for (let c = 1; c <= control.campaignsPerDay; c += 1) {
          const values: Record<string, ReportValue> = {
            date: day,
            campaign: `Campaign ${c}`,
            sessions: String(((t / 86_400_000) % 97) + c),
            cost: ((t / 86_400_000) % 13) + c / 100,
          };
          rows.push(request.fields.map((f) => values[f] ?? null));
        }
      }
      const sessions = request.fields.indexOf('sessions');
      if (control.firstSessions !== undefined && rows[0] && sessions >= 0) {
        rows[0][sessions] = control.firstSessions;
      }
      return { rows };
    },
  };
  const fetchers: ReportFetchers = {
    find: (connector) => (connector === TEST_CONNECTOR ? fetcher : undefined),
  };
  return { fetchers, control };
}

export { ReportError };
