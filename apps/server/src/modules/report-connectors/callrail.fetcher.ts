import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { DATE, dimension, metric, money } from '../reports/report-fields.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import { toNumber } from '../reports/report-values.ts';

/** A call as CallRail's calls.json lists it (the fields we ask for). */
interface Call {
  start_time?: string;
  answered?: boolean | null;
  voicemail?: boolean | null;
  first_call?: boolean | null;
  duration?: number | null;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  lead_status?: string | null;
  value?: string | number | null;
}

/** The dimensions calls are grouped by; metrics are counted over each group's calls. */
const GROUPS = ['date', 'source', 'medium', 'campaign'] as const;
const PER_PAGE = 250;

/** CallRail: calls of one company, counted per day (and source, medium, campaign). */
export const callrail: FetcherDefinition = {
  connector: 'callrail',
  defaultDateRangeDays: 30,

  maxDaysPerCall: 366,
  historyDays: 366,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: (account) => [
    DATE,
    dimension('source', 'Source', 'The tracking source (Google Ads, Google Organic, Direct).'),
    dimension('medium', 'Medium', 'cpc, organic, direct, ...'),
    dimension('campaign', 'Campaign', 'The campaign of the tracking number.'),
    metric('calls', 'Calls', 'Calls received.'),
    metric('answered_calls', 'Answered calls', 'Calls someone answered.'),
    metric('missed_calls', 'Missed calls', 'Calls nobody answered.'),
    metric('first_time_callers', 'First-time callers', 'Calls from numbers never seen before.'),
    metric('voicemails', 'Voicemails', 'Calls that left a voicemail.'),
    metric('qualified_leads', 'Qualified leads', 'Calls marked as a good lead.'),
    metric('total_duration', 'Total duration', 'Seconds on the phone.', 'DURATION'),
    metric('average_duration', 'Average duration', 'Seconds per call.', 'DURATION', 'AVG'),
    money(account, 'value', 'Value', 'Value assigned to the calls.'),
  ],
  rows: readRows,
};

/** One page of calls.json: the company, the range, the fields beyond the default ones. */
export function callsUrl(context: Pick<FetchContext, 'base' | 'request' | 'login'>, page: number) {
  const accountId = context.login.accountId ?? '';
  const params = new URLSearchParams({
    company_id: context.request.account.externalId,
    start_date: context.request.dateRange.start,
    end_date: context.request.dateRange.end,
    fields: 'first_call,source,medium,campaign,lead_status,value',
    per_page: String(PER_PAGE),
    page: String(page),
  });
  return `${context.base}/a/${encodeURIComponent(accountId)}/calls.json?${params.toString()}`;
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  if (!context.login.apiKey || !context.login.accountId) {
    throw new ReportError(
      'reconnect',
      `The saved ${context.connector.name} login is incomplete. Reconnect ${context.connector.name} in Data Sources.`,
    );
  }
  const calls: Call[] = [];
  for (let page = 1; ; page += 1) {
    checkPageCount(context, page - 1);
    const answer = (await context.http.json(
      {
        url: callsUrl(context, page),
        headers: { Authorization: `Token token="${context.login.apiKey}"` },
      },
      context.scope,
    )) as { calls?: Call[]; total_pages?: number };
    calls.push(...(answer.calls ?? []));
    if (page >= (answer.total_pages ?? 0) || (answer.calls ?? []).length === 0) break;
  }
  return countByGroup(context, calls);
}

/** Calls grouped by the wanted dimensions; the day is the call's own local date. */
function countByGroup(context: Pick<FetchContext, 'wants'>, calls: readonly Call[]) {
  const groups = GROUPS.filter((g) => context.wants(g));
  const byKey = new Map<string, { dims: Record<string, unknown>; calls: Call[] }>();
  for (const call of calls) {
    const dims: Record<string, unknown> = {
      date: call.start_time?.slice(0, 10) ?? null,
      source: call.source ?? null,
      medium: call.medium ?? null,
      campaign: call.campaign ?? null,
    };
    const key = JSON.stringify(groups.map((g) => dims[g]));
    const group = byKey.get(key) ?? { dims, calls: [] };
    group.calls.push(call);
    byKey.set(key, group);
  }
  return [...byKey.values()].map(({ dims, calls: list }) => {
    const count = (test: (c: Call) => boolean) => list.filter(test).length;
    const duration = list.reduce((total, c) => total + (c.duration ?? 0), 0);
    return {
      ...Object.fromEntries(groups.map((g) => [g, dims[g]])),
      calls: list.length,
      answered_calls: count((c) => c.answered === true),
      missed_calls: count((c) => c.answered === false),
      first_time_callers: count((c) => c.first_call === true),
      voicemails: count((c) => c.voicemail === true),
      qualified_leads: count((c) => c.lead_status === 'good_lead'),
      total_duration: duration,
      average_duration: list.length === 0 ? null : Math.round(duration / list.length),
      value: list.reduce((total, c) => total + (toNumber(c.value) ?? 0), 0),
    };
  });
}
