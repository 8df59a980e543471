import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { DATE, dimension, metric, percent } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { toNumber } from '../reports/report-values.ts';

/** The sources report: per day, a row per traffic source. */
type Answer = Record<string, Array<Record<string, unknown>> | undefined>;

const compact = (day: string) => day.replace(/-/g, '');

/** HubSpot: the Analytics API's sources report by day for the portal. */
export const hubspot: FetcherDefinition = {
  connector: 'hubspot-analytics',
  defaultDateRangeDays: 28,

  maxDaysPerCall: 730,
  historyDays: 730,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: () => [
    DATE,
    dimension(
      'source',
      'Source',
      'ORGANIC_SEARCH, PAID_SEARCH, EMAIL_MARKETING, DIRECT_TRAFFIC, ...',
    ),
    metric('sessions', 'Sessions', 'Visits to the site.'),
    metric('page_views', 'Page views', 'Pages viewed.'),
    metric('new_contacts', 'New contacts', 'Contacts created.'),
    metric('leads', 'Leads', 'Contacts that became leads.'),
    metric('customers', 'Customers', 'Contacts that became customers.'),
    percent('bounce_rate', 'Bounce rate', 'Sessions of one page.'),
  ],
  async rows(context) {
    const params = new URLSearchParams({
      start: compact(context.request.dateRange.start),
      end: compact(context.request.dateRange.end),
    });
    const answer = (await context.http.json(
      {
        url: `${context.base}/analytics/v2/reports/sources/daily?${params.toString()}`,
        headers: bearer(context),
      },
      context.scope,
    )) as Answer;
    const rows: ReportRow[] = [];
    for (const [day, entries] of Object.entries(answer)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
      for (const entry of entries ?? []) {
        rows.push({
          date: day,
          source: entry.breakdown,
          sessions: toNumber(entry.visits),
          page_views: toNumber(entry.rawViews),
          new_contacts: toNumber(entry.contacts),
          leads: toNumber(entry.leads),
          customers: toNumber(entry.customers),
          bounce_rate:
            toNumber(entry.bounceRate) === null ? null : (toNumber(entry.bounceRate) ?? 0) / 100,
        });
      }
    }
    return rows;
  },
};
