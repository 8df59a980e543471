import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { sandboxDetail } from './sandbox-answers.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import {
  ATTRIBUTE_REPORTS,
  FIGURE_RULES,
  REPORT_LETTERS,
  restrictedPair,
  unknownColumn,
  writeFigure,
} from './sandbox-microsoft-columns.ts';
import { microsoftDayRecords } from './sandbox-microsoft-rows.ts';
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
  const letter = REPORT_LETTERS[String(request?.Type)];
  if (!request || !letter) {
    return bingError(
      400,
      2002,
      'ReportingServiceUnknownReportType',
      'The report request type is not valid.',
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
  if (call.headers.customerid !== sandboxDetail('bing-ads', 'customerId', account)) {
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
  const refused = refuseColumns(String(request.Type), letter, columns, request.Aggregation);
  if (refused) return refused;
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

/**
 * What Microsoft refuses in the columns: one outside the report type's value set (its REST
 * API fails the request's validation), impression share with an attribute it excludes, a
 * missing required column, TimePeriod in a Summary report. https://learn.microsoft.com/advertising/guides/operation-error-codes
 */
function refuseColumns(type: string, letter: string, columns: string[], aggregation: unknown) {
  const unknown = unknownColumn(letter, columns);
  if (unknown) {
    return bingError(400, 0, 'InvalidRequest', `${unknown} is not a column of ${type}.`);
  }
  const restricted = restrictedPair(letter, columns);
  if (restricted) {
    return bingError(
      400,
      0,
      'InvalidRequest',
      `${restricted.join(' and ')} cannot be included in the same ${type}.`,
    );
  }
  if (letter === 'q' && !columns.includes('SearchQuery')) {
    return bingError(
      400,
      2015,
      'ReportingServiceRequiredColumnsNotSelected',
      'The list of columns to include in the report must contain all required columns.',
    );
  }
  if (aggregation === 'Summary' && columns.includes('TimePeriod')) {
    return bingError(
      400,
      2034,
      'ReportingServiceInvalidTimePeriodColumnForSummaryReport',
      'The TimePeriod column cannot be specified in a report request that has a summary aggregation.',
    );
  }
  return undefined;
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

function download(call: SandboxReportCall) {
  const prepared = readId(call, call.path.slice('download/'.length));
  if (!prepared) return { status: 403, json: { error: { message: 'Signature not valid.' } } };
  const { account, columns } = prepared;
  const asked = askedDays(call, account, prepared.start, prepared.end);
  const records = ('days' in asked ? asked.days : []).flatMap((day) =>
    microsoftDayRecords(account, day),
  );
  // Rows are grouped by the attribute columns asked: Summary over the range, Daily per day.
  const attributes = columns.filter((c) => c !== 'TimePeriod' && c in ATTRIBUTE_REPORTS);
  const by = prepared.daily ? ['date', ...attributes] : attributes;
  const rows = aggregate(
    { connector: call.connector.nameSimple, account, now: call.now, by, metrics: FIGURE_RULES },
    records,
  );
  const lines = [columns.map(quote).join(',')];
  for (const { keys, first, values } of rows) {
    const cell = (c: string) =>
      c === 'TimePeriod' ? first : c in keys ? (keys[c] ?? '') : writeFigure(c, values[c] ?? 0);
    lines.push(columns.map((c) => quote(cell(c))).join(','));
  }
  const csv = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
  return { file: { bytes: zipOne('report.csv', csv), type: 'application/zip' } };
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
