import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import type { ProviderErrorReading } from '../reports/report-failures.ts';
import { DATE, dimension, metric, money, percent, ratioOf } from '../reports/report-fields.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import { pollUntilReady } from '../reports/report-poll.ts';
import { toNumber } from '../reports/report-values.ts';
import { csvRecords } from '../reports/csv.ts';
import { dayParts } from '../reports/report-dates.ts';
import { firstZipEntry } from '../reports/zip-reader.ts';

/** Our field ids and the CampaignPerformanceReport column each reads. */
const COLUMNS: Readonly<Record<string, { column: string; read: (value: string) => unknown }>> = {
  date: { column: 'TimePeriod', read: readDay },
  campaign_id: { column: 'CampaignId', read: (v) => v },
  campaign: { column: 'CampaignName', read: (v) => v },
  device: { column: 'DeviceType', read: (v) => v },
  network: { column: 'Network', read: (v) => v },
  impressions: { column: 'Impressions', read: toNumber },
  clicks: { column: 'Clicks', read: toNumber },
  cost: { column: 'Spend', read: toNumber },
  // Reports write Ctr as "2.50%"; Looker Studio's PERCENT is a ratio.
  ctr: { column: 'Ctr', read: (v) => (toNumber(v) === null ? null : (toNumber(v) ?? 0) / 100) },
  average_cpc: { column: 'AverageCpc', read: toNumber },
  conversions: { column: 'Conversions', read: toNumber },
  revenue: { column: 'Revenue', read: toNumber },
};

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
 * Microsoft Advertising: the Reporting service's REST API. A report is submitted, polled
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
  fields: (account) => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign name.'),
    dimension('device', 'Device', 'Computer, Smartphone or Tablet.'),
    dimension('network', 'Network', 'Microsoft sites and select traffic, Syndicated, ...'),
    metric('impressions', 'Impressions', 'Times an ad was shown.'),
    metric('clicks', 'Clicks', 'Clicks on ads.'),
    money(account, 'cost', 'Spend', 'Spend, in the account currency.'),
    ratioOf(percent('ctr', 'CTR', 'Clicks per impression.'), 'clicks', 'impressions'),
    ratioOf(money(account, 'average_cpc', 'Avg. CPC', 'Cost per click.'), 'cost', 'clicks'),
    metric('conversions', 'Conversions', 'Conversions counted by the account.'),
    money(account, 'revenue', 'Revenue', 'Value of the conversions.'),
  ],
  rows: readRows,
};

/** The SubmitGenerateReport body for the wanted columns, range and account. */
export function reportRequest(context: Pick<FetchContext, 'wants' | 'request'>) {
  const wanted = Object.keys(COLUMNS).filter(context.wants);
  const columns = new Set(['CampaignId', ...wanted.map((id) => COLUMNS[id]?.column ?? '')]);
  const { start, end } = context.request.dateRange;
  const part = (day: string) => {
    const p = dayParts(day);
    return { Day: p.day, Month: p.month, Year: p.year };
  };
  return {
    ReportRequest: {
      Type: 'CampaignPerformanceReportRequest',
      ReportName: 'Data Sources report',
      Format: 'Csv',
      FormatVersion: '2.0',
      ExcludeColumnHeaders: false,
      ExcludeReportHeader: true,
      ExcludeReportFooter: true,
      ReturnOnlyCompleteData: false,
      Aggregation: context.wants('date') ? 'Daily' : 'Summary',
      Columns: [...columns],
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
  const wanted = Object.keys(COLUMNS).filter(context.wants);
  return csvRecords(csv).map((record) =>
    Object.fromEntries(
      wanted.map((id) => {
        const column = COLUMNS[id];
        return [id, column ? column.read(record[column.column] ?? '') : null];
      }),
    ),
  );
}

const notReady = (context: FetchContext, what: string) =>
  new ReportError('unavailable', `${context.connector.name} ${what}. Try again in a few minutes.`);
