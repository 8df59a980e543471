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
import { ReportError } from '../reports/report-fetcher.ts';
import { readGa4Answer, type Ga4AnswerMeta } from './ga4-signals.ts';

/** Our field ids and the GA4 Data API's names for them. */
const API_NAMES: Readonly<Record<string, string>> = {
  date: 'date',
  source: 'sessionSource',
  medium: 'sessionMedium',
  campaign: 'sessionCampaignName',
  channel_group: 'sessionDefaultChannelGroup',
  country: 'country',
  city: 'city',
  device_category: 'deviceCategory',
  landing_page: 'landingPage',
  sessions: 'sessions',
  total_users: 'totalUsers',
  new_users: 'newUsers',
  engaged_sessions: 'engagedSessions',
  engagement_rate: 'engagementRate',
  bounce_rate: 'bounceRate',
  average_session_duration: 'averageSessionDuration',
  page_views: 'screenPageViews',
  key_events: 'keyEvents',
  total_revenue: 'totalRevenue',
};

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
  fields: (account) => [
    DATE,
    dimension('source', 'Session source', 'Where the session came from (google, newsletter).'),
    dimension('medium', 'Session medium', 'How it came (organic, cpc, email).'),
    dimension('campaign', 'Session campaign', 'The campaign that brought the session.'),
    dimension('channel_group', 'Default channel group', 'Organic Search, Paid Social, ...'),
    dimension('country', 'Country', 'Where the user was.', 'COUNTRY'),
    dimension('city', 'City', 'Where the user was.', 'CITY'),
    dimension('device_category', 'Device category', 'desktop, mobile or tablet.'),
    dimension('landing_page', 'Landing page', 'The first page of the session.'),
    metric('sessions', 'Sessions', 'Sessions that began.'),
    distinct('total_users', 'Total users', 'Distinct users.'),
    distinct('new_users', 'New users', 'Users who came for the first time.'),
    metric(
      'engaged_sessions',
      'Engaged sessions',
      'Sessions of 10 s or more, or with a key event.',
    ),
    ratioOf(
      percent('engagement_rate', 'Engagement rate', 'Engaged sessions per session.'),
      'engaged_sessions',
      'sessions',
    ),
    percent('bounce_rate', 'Bounce rate', 'Sessions that were not engaged.'),
    metric(
      'average_session_duration',
      'Average session duration',
      'In seconds.',
      'DURATION',
      'AVG',
    ),
    metric('page_views', 'Views', 'Pages and screens viewed.'),
    metric('key_events', 'Key events', 'Events marked as key events (conversions).'),
    money(account, 'total_revenue', 'Total revenue', 'Purchase, subscription and ad revenue.'),
  ],
  rows: readRows,
};

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const wanted = Object.keys(API_NAMES).filter(context.wants);
  const dimensions = wanted.filter((id) => DIMENSIONS.has(id));
  const metrics = wanted.filter((id) => !DIMENSIONS.has(id));
  const { externalId } = context.request.account;
  // Accounts were once stored as GA4 accounts (accounts/123); reports read properties.
  if (externalId.startsWith('accounts/')) {
    throw new ReportError(
      'reconnect',
      `This ${context.connector.name} account was connected before properties were listed.`,
    );
  }
  const property = externalId.replace(/^.*\//, '');
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
          dimensions: dimensions.map((id) => ({ name: API_NAMES[id] })),
          metrics: metrics.map((id) => ({ name: API_NAMES[id] })),
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

const DIMENSIONS: ReadonlySet<string> = new Set([
  'date',
  'source',
  'medium',
  'campaign',
  'channel_group',
  'country',
  'city',
  'device_category',
  'landing_page',
]);

function readRow(
  row: NonNullable<RunReportAnswer['rows']>[number],
  dimensions: readonly string[],
  metrics: readonly string[],
): ReportRow {
  const out: Record<string, unknown> = {};
  dimensions.forEach((id, i) => {
    out[id] = row.dimensionValues?.[i]?.value;
  });
  metrics.forEach((id, i) => {
    out[id] = row.metricValues?.[i]?.value;
  });
  // GA4 writes dates as YYYYMMDD; rows carry YYYY-MM-DD until the shared step.
  if (typeof out.date === 'string' && /^\d{8}$/.test(out.date)) {
    out.date = `${out.date.slice(0, 4)}-${out.date.slice(4, 6)}-${out.date.slice(6)}`;
  }
  // "(not set)" is GA4's word for an unknown dimension value.
  for (const id of dimensions) if (out[id] === '(not set)') out[id] = null;
  return out;
}
