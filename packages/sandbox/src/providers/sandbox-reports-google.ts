import type { SandboxReportApi } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { sandboxLocale } from './sandbox-account-locale.ts';
import { seeded, siteDay } from './sandbox-report-data.ts';
import { ga4DimensionValue, ga4Metadata, GA4_NAMES } from './sandbox-ga4-metadata.ts';
import { busyPropertyMetadata, ga4Cost, spendGa4Quota } from './sandbox-ga4-signals.ts';

/**
 * runReport's paging: 10,000 rows when no limit is given, never more than 250,000 per request
 * whatever is asked (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport).
 * Paging every 100 rows spent calls the real API does not, and counted them against the
 * provider's quota in the report bench.
 */
const GA_DEFAULT_LIMIT = 10_000;
const GA_MAX_LIMIT = 250_000;

const GA_SOURCES = [
  {
    source: 'google',
    medium: 'organic',
    campaign: '(organic)',
    channel: 'Organic Search',
    share: 0.42,
  },
  { source: '(direct)', medium: '(none)', campaign: '(direct)', channel: 'Direct', share: 0.22 },
  {
    source: 'google',
    medium: 'cpc',
    campaign: 'Brand - Search',
    channel: 'Paid Search',
    share: 0.18,
  },
  { source: 'newsletter', medium: 'email', campaign: 'Monthly news', channel: 'Email', share: 0.1 },
  {
    source: 'facebook.com',
    medium: 'referral',
    campaign: '(referral)',
    channel: 'Organic Social',
    share: 0.08,
  },
];

/** GA4's figures and how each combines (rates from their parts, users counted once). */
const GA_METRICS: Readonly<Record<string, MetricRule>> = {
  sessions: 'sum',
  totalUsers: 'distinct',
  newUsers: 'sum',
  engagedSessions: 'sum',
  bouncedSessions: 'sum',
  durationSeconds: 'sum',
  screenPageViews: 'sum',
  keyEvents: 'sum',
  totalRevenue: 'sum',
  engagementRate: { ratio: ['engagedSessions', 'sessions'] },
  bounceRate: { ratio: ['bouncedSessions', 'sessions'] },
  averageSessionDuration: { ratio: ['durationSeconds', 'sessions'] },
};

/**
 * The GA4 Data API's runReport: dimensionHeaders, metricHeaders, rows of string values, one
 * row per distinct combination of the dimensions asked over the range.
 */
export const googleAnalyticsReports: SandboxReportApi = {
  answer(call) {
    const metadata = /^properties\/([^/:]+)\/metadata$/.exec(call.path);
    if (metadata && call.method === 'GET') {
      const id = metadata[1] ?? '';
      return call.accounts.has(id) ? { json: ga4Metadata(id) } : notYours(id);
    }
    const match = /^properties\/([^:]+):runReport$/.exec(call.path);
    if (!match || call.method !== 'POST') return noSuchPath(call);
    const property = match[1] ?? '';
    if (!call.accounts.has(property)) return notYours(property);
    const body = (call.body ?? {}) as GaRequest;
    const asked = askedDays(
      call,
      property,
      body.dateRanges?.[0]?.startDate,
      body.dateRanges?.[0]?.endDate,
    );
    if (!('days' in asked))
      return errorAnswer(400, 'dateRanges must hold one valid range of at most 1200 days.');
    const dimensions = (body.dimensions ?? []).map((d) => d.name ?? '');
    const metrics = (body.metrics ?? []).map((m) => m.name ?? '');
    const unknown = [...dimensions, ...metrics].find((n) => !GA4_NAMES.has(n));
    if (unknown) return errorAnswer(400, `Field ${unknown} is not a valid dimension or metric.`);
    const ownDimensions = new Set(Object.keys(GA_VALUES).filter((n) => !GA_VALUES[n]));
    const otherDimensions = dimensions.filter((d) => d !== 'date' && !ownDimensions.has(d));
    const otherMetrics = metrics.filter((m) => !(m in GA_VALUES));
    const rules: Record<string, MetricRule> = { ...GA_METRICS };
    for (const m of otherMetrics) rules[m] = otherMetricRule(m);
    const records: DayRecord[] = asked.days.flatMap((day) =>
      GA_SOURCES.map((s) => {
        const f = siteDay(property, day, s.share);
        return {
          day,
          keys: {
            ...Object.fromEntries(
              otherDimensions.map((d) => [d, ga4DimensionValue(d, property, s.source)]),
            ),
            sessionSource: s.source,
            sessionMedium: s.medium,
            sessionCampaignName: s.campaign,
            sessionDefaultChannelGroup: s.channel,
            country: 'United States',
            city: seeded(property, 'city') < 0.5 ? 'Austin' : 'Denver',
            deviceCategory: seeded(property, day, s.source) < 0.6 ? 'mobile' : 'desktop',
            landingPage: '/',
          },
          values: {
            sessions: f.sessions,
            totalUsers: f.users,
            newUsers: f.newUsers,
            engagedSessions: f.engaged,
            bouncedSessions: f.sessions - f.engaged,
            durationSeconds: f.averageDuration * f.sessions,
            screenPageViews: f.pageViews,
            keyEvents: f.keyEvents,
            totalRevenue: f.revenue,
            ...Object.fromEntries(
              otherMetrics.flatMap((m) => otherMetricValues(m, property, f.sessions)),
            ),
          },
        };
      }),
    );
    const all = aggregate(
      {
        connector: call.connector.nameSimple,
        account: property,
        now: call.now,
        by: dimensions,
        metrics: rules,
      },
      records,
    ).map((row) => ({
      dimensionValues: dimensions.map((d) => ({
        value: d === 'date' ? row.first.replace(/-/g, '') : (row.keys[d] ?? ''),
      })),
      metricValues: metrics.map((m) => ({ value: String(row.values[m] ?? 0) })),
    }));
    const offset = Math.max(0, Number(body.offset ?? 0));
    const limit = Math.min(GA_MAX_LIMIT, Math.max(1, Number(body.limit ?? GA_DEFAULT_LIMIT)));
    const page = all.slice(offset, offset + limit);
    const quota = spendGa4Quota(call, property, ga4Cost(asked.days.length, page.length));
    if (!('propertyQuota' in quota)) return quota;
    return {
      json: {
        dimensionHeaders: dimensions.map((name) => ({ name })),
        metricHeaders: metrics.map((name) => ({ name, type: GA4_NAMES.get(name) })),
        rows: page,
        rowCount: all.length,
        metadata: {
          currencyCode: sandboxLocale(call.connector.nameSimple, property).currency,
          timeZone: sandboxLocale(call.connector.nameSimple, property).timeZone,
          ...busyPropertyMetadata(property, asked.days.length, dimensions),
        },
        // Asked for with returnPropertyQuota, as the server's fetcher does.
        ...(body.returnPropertyQuota === true ? quota : {}),
        kind: 'analyticsData#runReport',
      },
    };
  },
};

interface GaRequest {
  dateRanges?: Array<{ startDate?: string; endDate?: string }>;
  dimensions?: Array<{ name?: string }>;
  metrics?: Array<{ name?: string }>;
  limit?: number | string;
  offset?: number | string;
  returnPropertyQuota?: boolean;
}

/** The names the sandbox knows, with GA4's metric types (dimensions have none). */
const GA_VALUES: Readonly<Record<string, string>> = {
  date: '',
  sessionSource: '',
  sessionMedium: '',
  sessionCampaignName: '',
  sessionDefaultChannelGroup: '',
  country: '',
  city: '',
  deviceCategory: '',
  landingPage: '',
  sessions: 'TYPE_INTEGER',
  totalUsers: 'TYPE_INTEGER',
  newUsers: 'TYPE_INTEGER',
  engagedSessions: 'TYPE_INTEGER',
  engagementRate: 'TYPE_FLOAT',
  bounceRate: 'TYPE_FLOAT',
  averageSessionDuration: 'TYPE_SECONDS',
  screenPageViews: 'TYPE_INTEGER',
  keyEvents: 'TYPE_INTEGER',
  totalRevenue: 'TYPE_CURRENCY',
};

/**
 * A metric the sandbox has no own model for: a rate (GA4's TYPE_FLOAT) is worked out from a
 * hidden count over sessions, everything else is a count or amount that adds up.
 */
function otherMetricRule(name: string): MetricRule {
  return GA4_NAMES.get(name) === 'TYPE_FLOAT' ? { ratio: [`${name}#part`, 'sessions'] } : 'sum';
}

/** A day's figure of such a metric, a stable share of the day's sessions. */
function otherMetricValues(
  name: string,
  property: string,
  sessions: number,
): Array<[string, number]> {
  const share = 0.05 + 0.9 * seeded(property, name);
  if (GA4_NAMES.get(name) === 'TYPE_FLOAT') return [[`${name}#part`, sessions * share]];
  if (GA4_NAMES.get(name) !== 'TYPE_CURRENCY') return [[name, Math.round(sessions * share)]];
  return [[name, Math.round(sessions * share * 4000) / 100]];
}
