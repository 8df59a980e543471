import type { FetchContext, FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { dayFromParts, dayParts } from '../reports/report-dates.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import { ratio, toNumber } from '../reports/report-values.ts';
import {
  linkedinAdAnalyticsCatalogue,
  linkedinConflict,
} from './catalogues/linkedin-ad-analytics.catalogue.ts';

/** LinkedIn's versioned REST API asks its version in a header on every call. */
export const LINKEDIN_VERSION = '202505';

export const linkedinHeaders = (token: string) => ({
  Authorization: `Bearer ${token}`,
  'LinkedIn-Version': LINKEDIN_VERSION,
  'X-Restli-Protocol-Version': '2.0.0',
});

/** The metrics asked: the catalogue's fields with their adAnalytics names. */
const metricsOf = (context: Pick<FetchContext, 'catalogue' | 'wants'>) =>
  context.catalogue.filter(
    (f) => f.concept === 'METRIC' && f.id !== 'ctr' && f.api && context.wants(f.id),
  );

interface AnalyticsElement extends Record<string, unknown> {
  dateRange?: { start?: unknown };
  pivotValues?: string[];
}

/** LinkedIn Ads: the adAnalytics finder, by campaign and day, for one ad account. */
export const linkedinAds: FetcherDefinition = {
  connector: 'linkedin-ads',
  defaultDateRangeDays: 28,
  // Daily analytics are kept for about two years.
  maxDaysPerCall: 730,
  historyDays: 730,
  // Conversions are credited back for the attribution window (30-day click by default).
  settleDays: 30,
  fields: linkedinAdAnalyticsCatalogue,
  conflict: linkedinConflict,
  rows: readRows,
};

/**
 * The adAnalytics address. Rest.li 2.0 syntax: the parentheses, colons and commas of its
 * objects and lists stay as they are; URNs inside a list are encoded.
 */
function analyticsUrl(context: FetchContext, metrics: readonly ReportField[]): string {
  const start = dayParts(context.request.dateRange.start);
  const end = dayParts(context.request.dateRange.end);
  const range = (p: { year: number; month: number; day: number }) =>
    `(year:${p.year},month:${p.month},day:${p.day})`;
  const account = `urn:li:sponsoredAccount:${context.request.account.externalId.replace(/^.*:/, '')}`;
  const asked = new Set(metrics.map((f) => f.api ?? ''));
  // CTR is worked out from clicks and impressions.
  if (context.wants('ctr')) ['clicks', 'impressions'].forEach((f) => asked.add(f));
  const fields = ['dateRange', 'pivotValues', ...asked].join(',');
  return (
    `${context.base}/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY` +
    `&dateRange=(start:${range(start)},end:${range(end)})` +
    `&accounts=List(${encodeURIComponent(account)})&fields=${fields}`
  );
}

async function readRows(context: FetchContext): Promise<ReportRow[]> {
  const headers = linkedinHeaders(context.request.accessToken);
  // Picked once: a report's elements run to days times campaigns.
  const metrics = metricsOf(context);
  const answer = (await context.http.json(
    { url: analyticsUrl(context, metrics), headers },
    context.scope,
  )) as { elements?: AnalyticsElement[] };
  const names = context.wants('campaign')
    ? await campaignNames(context)
    : new Map<string, string>();
  return (answer.elements ?? []).map((element) => {
    const campaignId = (element.pivotValues?.[0] ?? '').replace(/^urn:li:sponsoredCampaign:/, '');
    const row: Record<string, unknown> = {
      date: dayFromParts(element.dateRange?.start),
      campaign_id: campaignId,
      campaign: names.get(campaignId) ?? null,
    };
    for (const f of metrics) row[f.id] = toNumber(element[f.api ?? '']);
    row.ctr = ratio(toNumber(element.clicks), toNumber(element.impressions));
    return row;
  });
}

/** Campaign names by id (analytics name campaigns by URN only). */
async function campaignNames(context: FetchContext): Promise<Map<string, string>> {
  const account = encodeURIComponent(context.request.account.externalId.replace(/^.*:/, ''));
  const answer = (await context.http.json(
    {
      url: `${context.base}/adAccounts/${account}/adCampaigns?q=search&pageSize=1000`,
      headers: linkedinHeaders(context.request.accessToken),
    },
    context.scope,
  )) as { elements?: Array<{ id?: number | string; name?: string }> };
  return new Map(
    (answer.elements ?? []).map((c) => [String(c.id ?? ''), c.name ?? ''] as [string, string]),
  );
}
