import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { sandboxDetail } from './sandbox-answers.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';
import { zipOne } from './sandbox-zip.ts';

/** How long the sandbox "prepares" a report before its poll says Success. */
const PREPARING_MS = 300;

/** Microsoft's operation error answer (ErrorCode and Code, as its REST API sends them). */
const bingError = (status: number, code: number, errorCode: string, message: string) => ({
  status,
  json: { OperationErrors: [{ Code: code, ErrorCode: errorCode, Message: message }] },
});

interface Prepared {
  account: string;
  start: string;
  end: string;
  columns: string[];
  daily: boolean;
  at: number;
}

const COLUMNS = new Set([
  'TimePeriod',
  'CampaignId',
  'CampaignName',
  'DeviceType',
  'Network',
  'Impressions',
  'Clicks',
  'Spend',
  'Ctr',
  'AverageCpc',
  'Conversions',
  'Revenue',
]);

/**
 * The Reporting service: SubmitGenerateReport answers an id, PollGenerateReport says Pending
 * then Success with a download address, and the address (signed, no token) serves a zip
 * holding the CSV. The id carries the request, so nothing is kept between calls.
 */
export const bingAdsReports: SandboxReportApi = {
  publicPath: /^download\//,
  answer(call) {
    if (call.path === 'GenerateReport/Submit' && call.method === 'POST') return submit(call);
    if (call.path === 'GenerateReport/Poll' && call.method === 'POST') return poll(call);
    if (call.path.startsWith('download/')) return download(call);
    return noSuchPath(call);
  },
};

function submit(call: SandboxReportCall) {
  const request = (call.body as { ReportRequest?: Record<string, unknown> } | undefined)
    ?.ReportRequest;
  const scope = request?.Scope as { AccountIds?: unknown[] } | undefined;
  const time = request?.Time as
    Record<string, { Year?: number; Month?: number; Day?: number }> | undefined;
  const day = (d: { Year?: number; Month?: number; Day?: number } | undefined) =>
    d ? `${d.Year}-${String(d.Month).padStart(2, '0')}-${String(d.Day).padStart(2, '0')}` : '';
  if (request?.Type !== 'CampaignPerformanceReportRequest') {
    return bingError(
      400,
      2001,
      'ReportingServiceInvalidReportType',
      'The sandbox prepares CampaignPerformanceReportRequest only.',
    );
  }
  const first = scope?.AccountIds?.[0];
  const account = typeof first === 'number' || typeof first === 'string' ? String(first) : '';
  if (!call.accounts.has(account)) {
    return bingError(
      403,
      106,
      'UserIsNotAuthorized',
      `You are not authorized to read account ${account}.`,
    );
  }
  // The Reporting API needs the account's customer in the CustomerId header.
  if (call.headers.customerid !== sandboxDetail('customerId', account)) {
    return bingError(
      400,
      1102,
      'InvalidCustomerId',
      `The CustomerId header must name the customer of account ${account}.`,
    );
  }
  const start = day(time?.CustomDateRangeStart);
  const end = day(time?.CustomDateRangeEnd);
  if (!('days' in askedDays(call, account, start, end))) {
    return bingError(
      400,
      2012,
      'ReportingServiceInvalidCustomDateRangeStart',
      'The custom date range is not valid.',
    );
  }
  const columns = Array.isArray(request.Columns) ? request.Columns.map(String) : [];
  const unknown = columns.find((c) => !COLUMNS.has(c));
  if (unknown)
    return bingError(
      400,
      2017,
      'ReportingServiceInvalidReportColumn',
      `Column ${unknown} is not valid.`,
    );
  const prepared: Prepared = {
    account,
    start,
    end,
    columns,
    daily: request.Aggregation === 'Daily',
    at: call.realNow,
  };
  const payload = Buffer.from(JSON.stringify(prepared)).toString('base64url');
  return { json: { ReportRequestId: `${payload}.${call.sign(payload)}` } };
}

function readId(call: SandboxReportCall, id: unknown): Prepared | undefined {
  const [payload = '', signature = ''] = (typeof id === 'string' ? id : '').split('.');
  if (!payload || call.sign(payload) !== signature) return undefined;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Prepared;
}

function poll(call: SandboxReportCall) {
  const id = (call.body as { ReportRequestId?: string } | undefined)?.ReportRequestId;
  const prepared = readId(call, id);
  if (!prepared || !call.accounts.has(prepared.account)) {
    return bingError(
      400,
      2003,
      'ReportingServiceInvalidReportId',
      'The report request id is not valid.',
    );
  }
  const ready = call.realNow - prepared.at >= PREPARING_MS;
  return {
    json: {
      ReportRequestStatus: ready
        ? { Status: 'Success', ReportDownloadUrl: `${call.base}/download/${id}` }
        : { Status: 'Pending', ReportDownloadUrl: null },
    },
  };
}

/** Microsoft's figures and how each combines. */
const BING_METRICS: Readonly<Record<string, MetricRule>> = {
  impressions: 'sum',
  clicks: 'sum',
  spend: 'sum',
  conversions: 'sum',
  revenue: 'sum',
  ctr: { ratio: ['clicks', 'impressions'], scale: 100 },
  averageCpc: { ratio: ['spend', 'clicks'] },
};

function download(call: SandboxReportCall) {
  const prepared = readId(call, call.path.slice('download/'.length));
  if (!prepared) return { status: 403, json: { error: { message: 'Signature not valid.' } } };
  const { account } = prepared;
  const asked = askedDays(call, account, prepared.start, prepared.end);
  const records: DayRecord[] = ('days' in asked ? asked.days : []).flatMap((day) =>
    sandboxCampaigns(account).map((campaign) => {
      const f = adDay(account, day, campaign);
      return {
        day,
        keys: { campaign: campaign.id, name: campaign.name },
        values: {
          impressions: f.impressions,
          clicks: f.clicks,
          spend: f.cost,
          conversions: f.conversions,
          revenue: f.value,
        },
      };
    }),
  );
  // Summary aggregation: one row per campaign over the range; Daily: per day and campaign.
  const by = prepared.daily ? ['date', 'campaign', 'name'] : ['campaign', 'name'];
  const rows = aggregate(
    { connector: call.connector.nameSimple, account, now: call.now, by, metrics: BING_METRICS },
    records,
  );
  const lines = [prepared.columns.map(quote).join(',')];
  for (const { keys, first, values: v } of rows) {
    const values: Record<string, string> = {
      TimePeriod: first,
      CampaignId: keys.campaign ?? '',
      CampaignName: keys.name ?? '',
      DeviceType: 'Computer',
      Network: 'Microsoft sites and select traffic',
      Impressions: String(v.impressions),
      Clicks: String(v.clicks),
      Spend: (v.spend ?? 0).toFixed(2),
      Ctr: `${(v.ctr ?? 0).toFixed(2)}%`,
      AverageCpc: (v.averageCpc ?? 0).toFixed(2),
      Conversions: String(v.conversions),
      Revenue: (v.revenue ?? 0).toFixed(2),
    };
    lines.push(prepared.columns.map((c) => quote(values[c] ?? '')).join(','));
  }
  const csv = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
  return { file: { bytes: zipOne('report.csv', csv), type: 'application/zip' } };
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
