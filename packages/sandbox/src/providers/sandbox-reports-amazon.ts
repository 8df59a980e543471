import { gzipSync } from 'node:zlib';
import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

/** Sponsored Products campaign figures; all of them add up. */
const AMAZON_METRICS: Readonly<Record<string, MetricRule>> = {
  impressions: 'sum',
  clicks: 'sum',
  cost: 'sum',
  purchases7d: 'sum',
  sales7d: 'sum',
};

/** How long the sandbox "prepares" a report before its status says COMPLETED. */
const PREPARING_MS = 300;

interface Prepared {
  profile: string;
  start: string;
  end: string;
  at: number;
  /** timeUnit SUMMARY: one row per campaign over the range, not per day. */
  summary: boolean;
}

/**
 * Amazon Ads Reporting v3: a report is created (its id carries the request, signed), its
 * status turns COMPLETED with a signed download address, and the file is gzipped JSON.
 */
export const amazonReports: SandboxReportApi = {
  publicPath: /^files\//,
  answer(call) {
    if (call.path === 'reporting/reports' && call.method === 'POST') return create(call);
    const status = /^reporting\/reports\/([^/]+)$/.exec(call.path);
    if (status && call.method === 'GET') return poll(call, status[1] ?? '');
    if (call.path.startsWith('files/')) return download(call);
    return noSuchPath(call);
  },
};

function create(call: SandboxReportCall) {
  const profile = call.headers['amazon-advertising-api-scope'] ?? '';
  if (!call.accounts.has(profile)) return notYours(profile);
  const body = (call.body ?? {}) as {
    startDate?: string;
    endDate?: string;
    configuration?: { reportTypeId?: string; timeUnit?: string };
  };
  if (body.configuration?.reportTypeId !== 'spCampaigns')
    return errorAnswer(400, 'The sandbox prepares spCampaigns reports only.');
  const asked = askedDays(call, profile, body.startDate, body.endDate);
  if (!('days' in asked))
    return errorAnswer(
      400,
      asked.refused === 'too-long'
        ? `startDate and endDate must be at most ${asked.maxDays} days apart.`
        : 'startDate and endDate must form a valid range.',
    );
  const prepared: Prepared = {
    profile,
    start: body.startDate ?? '',
    end: body.endDate ?? '',
    at: call.realNow,
    summary: body.configuration.timeUnit === 'SUMMARY',
  };
  const payload = Buffer.from(JSON.stringify(prepared)).toString('base64url');
  return { json: { reportId: `${payload}.${call.sign(payload)}`, status: 'PENDING' } };
}

function read(call: SandboxReportCall, id: string): Prepared | undefined {
  const [payload = '', signature = ''] = id.split('.');
  if (!payload || call.sign(payload) !== signature) return undefined;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Prepared;
}

function poll(call: SandboxReportCall, id: string) {
  const prepared = read(call, id);
  if (!prepared || !call.accounts.has(prepared.profile))
    return errorAnswer(404, 'Report not found.');
  const done = call.realNow - prepared.at >= PREPARING_MS;
  return {
    json: {
      reportId: id,
      status: done ? 'COMPLETED' : 'PENDING',
      url: done ? `${call.base}/files/${id}` : null,
    },
  };
}

function download(call: SandboxReportCall) {
  const prepared = read(call, call.path.slice('files/'.length));
  if (!prepared) return errorAnswer(403, 'Signature not valid.');
  const { profile } = prepared;
  const asked = askedDays(call, profile, prepared.start, prepared.end);
  const records: DayRecord[] = ('days' in asked ? asked.days : []).flatMap((day) =>
    sandboxCampaigns(profile).map((c) => {
      const f = adDay(profile, day, c);
      return {
        day,
        keys: { id: c.id, name: c.name },
        values: {
          impressions: f.impressions,
          clicks: f.clicks,
          cost: f.cost,
          purchases7d: f.conversions,
          sales7d: f.value,
        },
      };
    }),
  );
  const by = prepared.summary ? ['id', 'name'] : ['date', 'id', 'name'];
  const rows = aggregate(
    {
      connector: call.connector.nameSimple,
      account: profile,
      now: call.now,
      by,
      metrics: AMAZON_METRICS,
    },
    records,
  ).map(({ keys, first, values }) => ({
    ...(prepared.summary ? {} : { date: first }),
    campaignId: Number(keys.id),
    campaignName: keys.name,
    ...values,
  }));
  return { file: { bytes: gzipSync(JSON.stringify(rows)), type: 'application/octet-stream' } };
}
