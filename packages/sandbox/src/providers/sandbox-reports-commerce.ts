import type { SandboxReportApi } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath, notYours } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { eventDays } from './sandbox-report-calendar.ts';
import { dailyCount, seeded, siteDay } from './sandbox-report-data.ts';

const dayOfUnix = (unix: string | null) =>
  unix && /^\d+$/.test(unix) ? new Date(Number(unix) * 1000).toISOString().slice(0, 10) : undefined;
const dayBefore = (day: string | undefined) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) - 864e5).toISOString().slice(0, 10) : undefined;

/** Stripe's balance transactions: newest first, cursor paging with starting_after. */
export const stripeReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'balance_transactions' || call.method !== 'GET') return noSuchPath(call);
    const account = [...call.accounts][0] ?? '';
    const days = eventDays(
      call,
      account,
      dayOfUnix(call.query.get('created[gte]')),
      dayBefore(dayOfUnix(call.query.get('created[lt]'))),
    );
    if (!days)
      return {
        status: 400,
        json: {
          error: {
            type: 'invalid_request_error',
            message: 'created[gte] and created[lt] must form a valid range.',
          },
        },
      };
    const all = days
      .flatMap((day) =>
        Array.from({ length: dailyCount(account, day, 14, 'charges') }, (_, i) => {
          const refund = seeded(account, day, i, 'refund') < 0.06;
          const amount = Math.round(
            (1500 + seeded(account, day, i, 'amount') * 12000) * (refund ? -1 : 1),
          );
          const fee = refund ? 0 : Math.round(amount * 0.029 + 30);
          const created = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 600 + i * 1800;
          return {
            id: `txn_${account.slice(0, 6)}${day.replace(/-/g, '')}${i}`,
            object: 'balance_transaction',
            amount,
            fee,
            net: amount - fee,
            currency: 'usd',
            type: refund ? 'refund' : 'charge',
            created,
          };
        }),
      )
      .reverse();
    const after = call.query.get('starting_after');
    const start = after ? all.findIndex((t) => t.id === after) + 1 : 0;
    const limit = Math.min(100, Math.max(1, Number(call.query.get('limit') ?? 10) || 10));
    const data = all.slice(start, start + limit);
    return {
      json: {
        object: 'list',
        url: '/v1/balance_transactions',
        has_more: start + limit < all.length,
        data,
      },
    };
  },
};

/** Etsy's shop receipts: offset paging, money as amount / divisor. */
export const etsyReports: SandboxReportApi = {
  answer(call) {
    const match = /^shops\/([^/]+)\/receipts$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const shop = match[1] ?? '';
    if (!call.accounts.has(shop))
      return { status: 403, json: { error: 'You do not have permission to view this shop.' } };
    if (!call.headers['x-api-key'])
      return { status: 403, json: { error: 'Missing x-api-key header.' } };
    const days = eventDays(
      call,
      shop,
      dayOfUnix(call.query.get('min_created')),
      dayOfUnix(call.query.get('max_created')),
    );
    if (!days)
      return {
        status: 400,
        json: { error: 'min_created and max_created must form a valid range.' },
      };
    const money = (amount: number) => ({ amount, divisor: 100, currency_code: 'USD' });
    const all = days.flatMap((day) =>
      Array.from({ length: dailyCount(shop, day, 6, 'orders') }, (_, i) => {
        const total = Math.round(1800 + seeded(shop, day, i) * 9000);
        return {
          receipt_id: Math.floor(seeded(shop, day, i, 'id') * 1e10),
          created_timestamp: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3600 + i * 900,
          grandtotal: money(total),
          total_shipping_cost: money(499),
          total_tax_cost: money(Math.round(total * 0.07)),
          discount_amt: money(i % 4 === 0 ? 250 : 0),
          is_paid: true,
        };
      }),
    );
    const offset = Math.max(0, Number(call.query.get('offset') ?? 0) || 0);
    const limit = Math.min(100, Math.max(1, Number(call.query.get('limit') ?? 25) || 25));
    return { json: { count: all.length, results: all.slice(offset, offset + limit) } };
  },
};

const LEAD_SOURCES = ['Web', 'Phone Inquiry', 'Partner Referral', 'Advertisement'];

/** Salesforce's query resource, for the aggregate SOQL the fetcher sends. */
export const salesforceReports: SandboxReportApi = {
  answer(call) {
    if (!/^services\/data\/v[\d.]+\/query$/.test(call.path) || call.method !== 'GET')
      return noSuchPath(call);
    const org = [...call.accounts][0] ?? '';
    const soql = call.query.get('q') ?? '';
    const dates = [...soql.matchAll(/(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]);
    const lead = /FROM Lead /.test(soql);
    const days = eventDays(call, org, dates[0], lead ? dayBefore(dates[1]) : dates[1]);
    if (!days || !(lead || /FROM Opportunity /.test(soql))) {
      return {
        status: 400,
        json: [
          {
            errorCode: 'MALFORMED_QUERY',
            message: 'The sandbox answers the lead and won-opportunity queries only.',
          },
        ],
      };
    }
    const records = days.flatMap((day) =>
      LEAD_SOURCES.map((source) => {
        const n = dailyCount(org, day, lead ? 3 : 0.6, `${source}${lead}`);
        return {
          attributes: { type: 'AggregateResult' },
          day,
          source,
          n,
          ...(lead ? {} : { amount: n * Math.round(2000 + seeded(org, day, source) * 8000) }),
        };
      }).filter((r) => r.n > 0),
    );
    return { json: { totalSize: records.length, done: true, records } };
  },
};

const HUBSPOT_SOURCES = [
  'ORGANIC_SEARCH',
  'PAID_SEARCH',
  'EMAIL_MARKETING',
  'SOCIAL_MEDIA',
  'DIRECT_TRAFFIC',
];

/** HubSpot's figures: the bounce rate (a percentage) from bounces over visits. */
const HUBSPOT_METRICS: Readonly<Record<string, MetricRule>> = {
  visits: 'sum',
  rawViews: 'sum',
  contacts: 'sum',
  leads: 'sum',
  customers: 'sum',
  bounces: 'sum',
  bounceRate: { ratio: ['bounces', 'visits'], scale: 100 },
};

/** HubSpot's analytics sources report by day: an object keyed by day. */
export const hubspotReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'analytics/v2/reports/sources/daily' || call.method !== 'GET')
      return noSuchPath(call);
    const portal = [...call.accounts][0] ?? '';
    const iso = (d: string | null) =>
      d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : undefined;
    const days = eventDays(call, portal, iso(call.query.get('start')), iso(call.query.get('end')));
    if (!days) return errorAnswer(400, 'start and end must be dates as YYYYMMDD.');
    if (!portal) return notYours(portal);
    const records: DayRecord[] = days.flatMap((day) =>
      HUBSPOT_SOURCES.map((breakdown, i) => {
        const site = siteDay(portal, day, [0.4, 0.2, 0.15, 0.1, 0.15][i] ?? 0.1);
        return {
          day,
          keys: { breakdown },
          values: {
            visits: site.sessions,
            rawViews: site.pageViews,
            contacts: Math.round(site.sessions * 0.03),
            leads: Math.round(site.sessions * 0.012),
            customers: Math.round(site.sessions * 0.002),
            bounces: site.sessions - site.engaged,
          },
        };
      }),
    );
    const answer: Record<string, unknown[]> = {};
    const rows = aggregate(
      {
        connector: call.connector.nameSimple,
        account: portal,
        now: call.now,
        by: ['date', 'breakdown'],
        metrics: HUBSPOT_METRICS,
      },
      records,
    );
    for (const { keys, first, values } of rows) {
      const { bounces: _bounces, bounceRate = 0, ...counts } = values;
      (answer[first] ??= []).push({
        breakdown: keys.breakdown,
        ...counts,
        bounceRate: Math.round(bounceRate * 100) / 100,
      });
    }
    return { json: answer };
  },
};
