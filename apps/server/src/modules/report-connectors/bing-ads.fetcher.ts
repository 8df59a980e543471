import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import type { ProviderErrorReading } from '../reports/report-failures.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import { pollUntilReady } from '../reports/report-poll.ts';
import { toNumber } from '../reports/report-values.ts';
import { csvRecords } from '../reports/csv.ts';
import { dayParts } from '../reports/report-dates.ts';
import { firstZipEntry } from '../reports/zip-reader.ts';
import {
  microsoftAdsCatalogue,
  microsoftAdsConflict,
  microsoftReportOf,
} from './catalogues/microsoft-ads-report.catalogue.ts';

/**
 * A column's text as the field's value: reports write rates as percentages ("2.50%", a ratio
 * for Looker Studio) and durations in milliseconds (seconds for Looker Studio).
 */
function readValue(field: ReportField, value: string): unknown {
  if (field.type === 'YEAR_MONTH_DAY') return readDay(value);
  if (field.concept === 'DIMENSION') return value;
  const n = toNumber(value);
  if (n === null) return null;
  if (field.type === 'PERCENT') return n / 100;
  if (field.type === 'DURATION') return n / 1000;
  return n;
}

/** Daily rows come as YYYY-MM-DD, or M/D/YYYY in older report formats. */
function readDay(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[1]?.padStart(2, '0')}-${match[2]?.padStart(2, '0')}` : null;
}

/**
 * Microsoft's operation error codes: 105, 106 and 109 are a login that no longer works (bad
 * or expired token, no access to the account); 117 is its call-rate limit.
 */
const readBingError: ProviderErrorReading = (_status, body) => {
  const errors = (body as { OperationErrors?: Array<{ Code?: number }> } | undefined)
    ?.OperationErrors;
  const codes = new Set((errors ?? []).map((e) => e.Code));
  if ([105, 106, 109].some((c) => codes.has(c))) return 'reconnect';
  if (codes.has(117)) return 'rate_limited';
  return undefined;
};

/**
 * Microsoft Advertising: the Reporting service's REST API. A report of the type that takes
 * every asked column (campaign, ad group, keyword, ad or search term) is submitted, polled
 * until ready (bounded), and downloaded as a zip holding one CSV.
 */
export const bingAds: FetcherDefinition = {
  connector: 'bing-ads',
  defaultDateRangeDays: 28,
  // Daily data is kept for 36 months:
  // https://learn.microsoft.com/en-us/advertising/guides/report-data-retention-time-periods
  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Conversions are credited back to the click for up to the conversion window (30 days by
  // default).
  settleDays: 30,
  readError: readBingError,
  fields: microsoftAdsCatalogue,
  conflict: microsoftAdsConflict,
  rows: readRows,
};

/** The fields the report must carry: the asked ones and those the filters read. */
const wantedFields = (context: Pick<FetchContext, 'wants' | 'catalogue'>) =>
  context.catalogue.filter((f) => context.wants(f.id));

/**
 * The SubmitGenerateReport body: the report type that takes every wanted column, asked for
 * exactly those (and the attribute it needs), over the range, for the account.
 * https://learn.microsoft.com/advertising/reporting-service/submitgeneratereport
 */
export function reportRequest(context: Pick<FetchContext, 'wants' | 'request' | 'catalogue'>) {
  const report = microsoftReportOf(wantedFields(context));
  // The data API refuses such fields before any call; a fetcher called directly says so too.
  if (!report) {
    throw new ReportError(
      'invalid_request',
      microsoftAdsConflict(wantedFields(context)) ?? 'No Microsoft report holds these fields.',
    );
  }
  const { start, end } = context.request.dateRange;
  const part = (day: string) => {
    const p = dayParts(day);
    return { Day: p.day, Month: p.month, Year: p.year };
  };
  return {
    ReportRequest: {
      Type: report.type.request,
      ReportName: 'Data Sources report',
      Format: 'Csv',
      FormatVersion: '2.0',
      ExcludeColumnHeaders: false,
      ExcludeReportHeader: true,
      ExcludeReportFooter: true,
      ReturnOnlyCompleteData: false,
      Aggregation: context.wants('date') ? 'Daily' : 'Summary',
      Columns: report.columns,
      Scope: { AccountIds: [accountId(context.request.account.externalId)] },
      Time: { CustomDateRangeStart: part(start), CustomDateRangeEnd: part(end) },
    },
  };
}

/** Account ids are longs; an id that is not one (a stand-in's) is passed on as text. */
const accountId = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id);

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  // The Reporting API needs the account's customer beside the account; discovery stored it.
  // An account stored before it did is refreshed by reconnecting.
  const customerId = context.request.account.details?.customerId;
  if (!customerId) {
    throw new ReportError(
      'reconnect',
      `${context.connector.name} needs this account's customer, which we do not have yet.`,
    );
  }
  const headers = {
    Authorization: `Bearer ${context.request.accessToken}`,
    DeveloperToken: context.provider.values.developerToken,
    CustomerId: customerId,
    CustomerAccountId: context.request.account.externalId,
  };
  const submitted = (await context.http.json(
    {
      url: `${context.base}/GenerateReport/Submit`,
      method: 'POST',
      headers,
      json: reportRequest(context),
    },
    context.scope,
  )) as { ReportRequestId?: string };
  const id = submitted.ReportRequestId;
  if (!id) throw notReady(context, 'did not accept the report');
  const downloadUrl = await pollUntilReady(context, async () => {
    const answer = (await context.http.json(
      {
        url: `${context.base}/GenerateReport/Poll`,
        method: 'POST',
        headers,
        json: { ReportRequestId: id },
      },
      context.scope,
    )) as { ReportRequestStatus?: { Status?: string; ReportDownloadUrl?: string | null } };
    const status = answer.ReportRequestStatus?.Status;
    if (status === 'Error') throw notReady(context, 'could not prepare the report');
    // Success without an address: the report has no rows.
    if (status === 'Success') return answer.ReportRequestStatus?.ReportDownloadUrl ?? null;
    return undefined;
  });
  if (downloadUrl === null) return [];
  // The download address is signed by Microsoft; the token must not go with it.
  const zip = await context.http.bytes({ url: downloadUrl }, context.scope);
  let csv: string;
  try {
    csv = firstZipEntry(zip).toString('utf8');
  } catch {
    throw notReady(context, 'sent a report file that could not be opened');
  }
  const wanted = wantedFields(context);
  return csvRecords(csv).map((record) =>
    Object.fromEntries(wanted.map((f) => [f.id, readValue(f, record[f.api ?? ''] ?? '')])),
  );
}

const notReady = (context: FetchContext, what: string) =>
  new ReportError('unavailable', `${context.connector.name} ${what}. Try again in a few minutes.`);
