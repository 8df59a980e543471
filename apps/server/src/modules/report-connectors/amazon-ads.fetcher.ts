import { gunzipSync } from 'node:zlib';
import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { windows } from '../reports/report-dates.ts';
import { DATE, dimension, metric, money } from '../reports/report-fields.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import { pollUntilReady } from '../reports/report-poll.ts';
import { toNumber } from '../reports/report-values.ts';

/** A Sponsored Products report covers at most 31 days. */
const WINDOW_DAYS = 31;
const COLUMNS = [
  'date',
  'campaignId',
  'campaignName',
  'impressions',
  'clicks',
  'cost',
  'purchases7d',
  'sales7d',
];

/**
 * Amazon Ads: Reporting v3. A Sponsored Products campaign report is requested per 31-day
 * window, polled until COMPLETED (bounded), and downloaded as gzipped JSON from the signed
 * address it names (without our token).
 */
export const amazonAds: FetcherDefinition = {
  connector: 'amazon-ads',
  defaultDateRangeDays: 28,
  // Sponsored Products data is kept for 95 days (each report call covers 31, see WINDOW_DAYS):
  // https://github.com/amzn/ads-advanced-tools-docs/discussions/157
  maxDaysPerCall: 95,
  historyDays: 95,
  // Sponsored Products attributes sales for 14 days after the click.
  settleDays: 14,
  fields: (account) => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign name.'),
    metric('impressions', 'Impressions', 'Times ads were shown.'),
    metric('clicks', 'Clicks', 'Clicks on ads.'),
    money(account, 'cost', 'Spend', 'Spend, in the profile currency.'),
    metric('purchases', 'Purchases (7 days)', 'Orders within 7 days of a click.'),
    money(account, 'sales', 'Sales (7 days)', 'Sales within 7 days of a click.'),
  ],
  async rows(context) {
    const rows: ReportRow[] = [];
    for (const window of windows(context.request.dateRange, WINDOW_DAYS)) {
      for (const item of await windowRows(context, window)) {
        rows.push({
          date: item.date,
          campaign_id:
            typeof item.campaignId === 'number' || typeof item.campaignId === 'string'
              ? String(item.campaignId)
              : null,
          campaign: item.campaignName,
          impressions: toNumber(item.impressions),
          clicks: toNumber(item.clicks),
          cost: toNumber(item.cost),
          purchases: toNumber(item.purchases7d),
          sales: toNumber(item.sales7d),
        });
      }
    }
    return rows;
  },
};

async function windowRows(
  context: FetchContext,
  window: { start: string; end: string },
): Promise<Array<Record<string, unknown>>> {
  const headers = {
    Authorization: `Bearer ${context.request.accessToken}`,
    'Amazon-Advertising-API-ClientId': context.provider.values.clientId,
    'Amazon-Advertising-API-Scope': context.request.account.externalId,
  };
  const created = (await context.http.json(
    {
      url: `${context.base}/reporting/reports`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/vnd.createasyncreportrequest.v3+json' },
      json: {
        name: `Data Sources ${window.start} to ${window.end}`,
        startDate: window.start,
        endDate: window.end,
        configuration: {
          adProduct: 'SPONSORED_PRODUCTS',
          groupBy: ['campaign'],
          columns: COLUMNS,
          reportTypeId: 'spCampaigns',
          timeUnit: 'DAILY',
          format: 'GZIP_JSON',
        },
      },
    },
    context.scope,
  )) as { reportId?: string };
  const id = created.reportId;
  if (!id) throw failed(context, 'did not accept the report');
  const url = await pollUntilReady(context, async () => {
    const status = (await context.http.json(
      { url: `${context.base}/reporting/reports/${encodeURIComponent(id)}`, headers },
      context.scope,
    )) as { status?: string; url?: string | null; failureReason?: string };
    if (status.status === 'FAILED') throw failed(context, 'could not prepare the report');
    return status.status === 'COMPLETED' && status.url ? status.url : undefined;
  });
  const file = await context.http.bytes({ url }, context.scope);
  try {
    const parsed = JSON.parse(gunzipSync(file).toString('utf8')) as unknown;
    return Array.isArray(parsed) ? (parsed as Array<Record<string, unknown>>) : [];
  } catch {
    throw failed(context, 'sent a report file that could not be opened');
  }
}

const failed = (context: FetchContext, what: string) =>
  new ReportError('unavailable', `${context.connector.name} ${what}. Try again in a few minutes.`);
