import { gzipSync } from 'node:zlib';
import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours, rangeDays } from './sandbox-report-api.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

/** How long the sandbox "prepares" a report before its status says COMPLETED. */
const PREPARING_MS = 300;

interface Prepared {
  profile: string;
  start: string;
  end: string;
  at: number;
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
    configuration?: { reportTypeId?: string };
  };
  if (body.configuration?.reportTypeId !== 'spCampaigns')
    return errorAnswer(400, 'The sandbox prepares spCampaigns reports only.');
  if (!rangeDays(body.startDate, body.endDate, 31))
    return errorAnswer(400, 'startDate and endDate must be at most 31 days apart.');
  const prepared: Prepared = {
    profile,
    start: body.startDate ?? '',
    end: body.endDate ?? '',
    at: call.realNow,
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
  const rows = (rangeDays(prepared.start, prepared.end) ?? []).flatMap((day) =>
    sandboxCampaigns(prepared.profile).map((c) => {
      const f = adDay(prepared.profile, day, c);
      return {
        date: day,
        campaignId: Number(c.id),
        campaignName: c.name,
        impressions: f.impressions,
        clicks: f.clicks,
        cost: f.cost,
        purchases7d: f.conversions,
        sales7d: f.value,
      };
    }),
  );
  return { file: { bytes: gzipSync(JSON.stringify(rows)), type: 'application/octet-stream' } };
}
