import {
  DATE,
  dimension,
  distinct,
  metric,
  money,
  percent,
  ratioOf,
} from '../reports/report-fields.ts';
import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import type { Ga4Metadata } from './catalogues/ga4-metadata.ts';
import { ga4Conflict, ga4Fields } from './catalogues/ga4-metadata.ts';
import { readGa4Answer, type Ga4AnswerMeta } from './ga4-signals.ts';

/** A field with the GA4 Data API's name for it. */
const ga = (api: string, field: ReportField): ReportField => ({ ...field, api });

/** Rows per runReport page: GA4 answers up to 250,000; smaller pages keep memory flat. */
const PAGE_SIZE = 100_000;

/** Google Analytics 4: the Data API's runReport, one property per account. */
export const googleAnalytics: FetcherDefinition = {
  connector: 'google-analytics',
  defaultDateRangeDays: 28,
  // GA4 reports go back 14 months for standard properties, any span in one runReport.
  maxDaysPerCall: 425,
  historyDays: 425,
  // Processing takes 24-48 hours and late events arrive up to 72 hours after they happen:
  // https://support.google.com/analytics/answer/11198161
  settleDays: 3,
  // The documented fields every property has; the property's full list (with its custom
  // dimensions and metrics) comes from its metadata.
  fields: (account) => [
    ga('date', DATE),
    ga(
      'sessionSource',
      dimension('source', 'Session source', 'Where the session came from (google, newsletter).'),
    ),
    ga(
      'sessionMedium',
      dimension('medium', 'Session medium', 'How it came (organic, cpc, email).'),
    ),
    ga(
      'sessionCampaignName',
      dimension('campaign', 'Session campaign', 'The campaign that brought the session.'),
    ),
    ga(
      'sessionDefaultChannelGroup',
      dimension('channel_group', 'Default channel group', 'Organic Search, Paid Social, ...'),
    ),
    ga('country', dimension('country', 'Country', 'Where the user was.', 'COUNTRY')),
    ga('city', dimension('city', 'City', 'Where the user was.', 'CITY')),
    ga(
      'deviceCategory',
      dimension('device_category', 'Device category', 'desktop, mobile or tablet.'),
    ),
    ga('landingPage', dimension('landing_page', 'Landing page', 'The first page of the session.')),
    ga('sessions', metric('sessions', 'Sessions', 'Sessions that began.')),
    ga('totalUsers', distinct('total_users', 'Total users', 'Distinct users.')),
    ga('newUsers', distinct('new_users', 'New users', 'Users who came for the first time.')),
    ga(
      'engagedSessions',
      metric(
        'engaged_sessions',
        'Engaged sessions',
        'Sessions of 10 s or more, or with a key event.',
      ),
    ),
    ga(
      'engagementRate',
      ratioOf(
        percent('engagement_rate', 'Engagement rate', 'Engaged sessions per session.'),
        'engaged_sessions',
        'sessions',
      ),
    ),
    ga('bounceRate', percent('bounce_rate', 'Bounce rate', 'Sessions that were not engaged.')),
    ga(
      'averageSessionDuration',
      metric(
        'average_session_duration',
        'Average session duration',
        'In seconds.',
        'DURATION',
        'AVG',
      ),
    ),
    ga('screenPageViews', metric('page_views', 'Views', 'Pages and screens viewed.')),
    ga(
      'keyEvents',
      metric('key_events', 'Key events', 'Events marked as key events (conversions).'),
    ),
    ga(
      'totalRevenue',
      money(account, 'total_revenue', 'Total revenue', 'Purchase, subscription and ad revenue.'),
    ),
  ],
  metadata: readMetadata,
  conflict: ga4Conflict,
  rows: readRows,
};

/** The property's every dimension and metric, its custom ones included. */
async function readMetadata(context: FetchContext): Promise<ReportField[]> {
  const answer = (await context.http.json(
    {
      url: `${context.base}/properties/${encodeURIComponent(propertyOf(context))}/metadata`,
      headers: { Authorization: `Bearer ${context.request.accessToken}` },
    },
    context.scope,
  )) as Ga4Metadata;
  const account = context.request.account;
  return ga4Fields(account, answer, googleAnalytics.fields(account));
}

/** The property id of the account (stored as `properties/123` or `123`). */
function propertyOf(context: FetchContext): string {
  const { externalId } = context.request.account;
  // Accounts were once stored as GA4 accounts (accounts/123); reports read properties.
  if (externalId.startsWith('accounts/')) {
    throw new ReportError(
      'reconnect',
      `This ${context.connector.name} account was connected before properties were listed.`,
    );
  }
  return externalId.replace(/^.*\//, '');
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const wanted = context.catalogue.filter((f) => f.api && context.wants(f.id));
  const dimensions = wanted.filter((f) => f.concept === 'DIMENSION');
  const metrics = wanted.filter((f) => f.concept === 'METRIC');
  const property = propertyOf(context);
  const rows: ReportRow[] = [];
  for (let page = 0, offset = 0; ; page += 1) {
    checkPageCount(context, page);
    const answer = (await context.http.json(
      {
        url: `${context.base}/properties/${encodeURIComponent(property)}:runReport`,
        method: 'POST',
        headers: { Authorization: `Bearer ${context.request.accessToken}` },
        json: {
          dateRanges: [
            { startDate: context.request.dateRange.start, endDate: context.request.dateRange.end },
          ],
          dimensions: dimensions.map((f) => ({ name: f.api })),
          metrics: metrics.map((f) => ({ name: f.api })),
          limit: PAGE_SIZE,
          offset,
          keepEmptyRows: false,
          // The property's quota as it stands after this call, in the answer.
          returnPropertyQuota: true,
        },
      },
      context.scope,
    )) as RunReportAnswer;
    readGa4Answer(answer, context.request.signals);
    const pageRows = answer.rows ?? [];
    for (const row of pageRows) rows.push(readRow(row, dimensions, metrics));
    offset += pageRows.length;
    if (pageRows.length === 0 || offset >= (answer.rowCount ?? 0)) return rows;
  }
}

/** The runReport answer, as documented (values are strings; `rowCount` counts all pages). */
interface RunReportAnswer extends Ga4AnswerMeta {
  rows?: Array<{
    dimensionValues?: Array<{ value?: string }>;
    metricValues?: Array<{ value?: string }>;
  }>;
  rowCount?: number;
}

function readRow(
  row: NonNullable<RunReportAnswer['rows']>[number],
  dimensions: readonly ReportField[],
  metrics: readonly ReportField[],
): ReportRow {
  const out: Record<string, unknown> = {};
  dimensions.forEach((f, i) => {
    out[f.id] = row.dimensionValues?.[i]?.value;
  });
  metrics.forEach((f, i) => {
    out[f.id] = row.metricValues?.[i]?.value;
  });
  // GA4 writes dates as YYYYMMDD; rows carry YYYY-MM-DD until the shared step.
  if (typeof out.date === 'string' && /^\d{8}$/.test(out.date)) {
    out.date = `${out.date.slice(0, 4)}-${out.date.slice(4, 6)}-${out.date.slice(6)}`;
  }
  // "(not set)" is GA4's word for an unknown dimension value.
  for (const { id } of dimensions) if (out[id] === '(not set)') out[id] = null;
  return out;
}
