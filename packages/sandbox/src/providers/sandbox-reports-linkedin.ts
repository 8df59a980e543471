import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import type { DayRecord, MetricRule } from './sandbox-report-aggregate.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { adDay, dailyCount, sandboxCampaigns, seeded } from './sandbox-report-data.ts';

/** LinkedIn's error answer shape. */
const linkedinError = (status: number, message: string) => ({
  status,
  json: {
    status,
    serviceErrorCode: 100,
    code: status === 403 ? 'ACCESS_DENIED' : 'INVALID_PARAMS',
    message,
  },
});

const parts = (text: string) => {
  const m = /\(year:(\d+),month:(\d+),day:(\d+)\)/.exec(text);
  return m ? `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}` : undefined;
};

/** adAnalytics (q=analytics, CAMPAIGN pivot, DAILY) and an account's adCampaigns. */
export const linkedinAdsReports: SandboxReportApi = {
  answer(call) {
    if (!/^\d{6}$/.test(call.headers['linkedin-version'] ?? '')) {
      return linkedinError(400, 'A LinkedIn-Version header (YYYYMM) is required.');
    }
    if (call.path === 'adAnalytics' && call.method === 'GET') return analytics(call);
    const campaigns = /^adAccounts\/([^/]+)\/adCampaigns$/.exec(call.path);
    if (campaigns && call.method === 'GET') {
      const account = campaigns[1] ?? '';
      if (!call.accounts.has(account))
        return linkedinError(403, `Not enough permissions to access account ${account}.`);
      return {
        json: {
          elements: sandboxCampaigns(account).map((c) => ({
            id: Number(c.id),
            name: c.name,
            account: `urn:li:sponsoredAccount:${account}`,
            status: 'ACTIVE',
          })),
          metadata: {},
          paging: { start: 0, count: 1000, links: [] },
        },
      };
    }
    return noSuchPath(call);
  },
};

/** LinkedIn's figures; every one of them adds up over days and campaigns. */
const LINKEDIN_METRICS: Readonly<Record<string, MetricRule>> = Object.fromEntries(
  [
    'impressions',
    'clicks',
    'costInLocalCurrency',
    'externalWebsiteConversions',
    'oneClickLeads',
    'likes',
    'shares',
    'comments',
    'follows',
  ].map((m) => [m, 'sum' as const]),
);

/** adAnalytics by campaign: DAILY answers a row per day and campaign, ALL one per campaign. */
function analytics(call: SandboxReportCall) {
  const q = call.query;
  const granularity = q.get('timeGranularity') ?? '';
  if (
    q.get('q') !== 'analytics' ||
    q.get('pivot') !== 'CAMPAIGN' ||
    !['DAILY', 'ALL'].includes(granularity)
  ) {
    return linkedinError(
      400,
      'The sandbox answers q=analytics with pivot=CAMPAIGN and timeGranularity=DAILY or ALL.',
    );
  }
  const account =
    /^List\(urn:li:sponsoredAccount:([^)]+)\)$/.exec(q.get('accounts') ?? '')?.[1] ?? '';
  const range = /^\(start:(\(.+?\)),end:(\(.+?\))\)$/.exec(q.get('dateRange') ?? '');
  const asked = range
    ? askedDays(call, account, parts(range[1] ?? ''), parts(range[2] ?? ''))
    : undefined;
  if (!asked || !('days' in asked))
    return linkedinError(400, 'dateRange must be (start:(year:,month:,day:),end:(...)).');
  if (!call.accounts.has(account))
    return linkedinError(403, `Not enough permissions to access account ${account}.`);
  const fields = new Set((q.get('fields') ?? '').split(','));
  // Figures the sandbox has no own model for: a stable share of the impressions each.
  const others = [...fields].filter(
    (f) => f && !(f in LINKEDIN_METRICS) && f !== 'dateRange' && f !== 'pivotValues',
  );
  const rules: Record<string, MetricRule> = { ...LINKEDIN_METRICS };
  for (const f of others) rules[f] = f === 'approximateUniqueImpressions' ? 'distinct' : 'sum';
  const records: DayRecord[] = asked.days.flatMap((day) =>
    sandboxCampaigns(account).map((campaign) => {
      const f = adDay(account, day, campaign);
      return {
        day,
        keys: { campaign: campaign.id },
        values: {
          impressions: f.impressions,
          clicks: f.clicks,
          costInLocalCurrency: f.cost,
          externalWebsiteConversions: f.conversions,
          oneClickLeads: Math.round(f.conversions / 3),
          likes: Math.round(f.clicks / 4),
          shares: Math.round(f.clicks / 20),
          comments: Math.round(f.clicks / 15),
          follows: Math.round(f.clicks / 10),
          ...Object.fromEntries(
            others.map((o) => [o, Math.round(f.impressions * 0.05 * seeded(account, o))]),
          ),
        },
      };
    }),
  );
  const by = granularity === 'DAILY' ? ['date', 'campaign'] : ['campaign'];
  const rows = aggregate(
    { connector: call.connector.nameSimple, account, now: call.now, by, metrics: rules },
    records,
  );
  const date = (day: string) => {
    const [year, month, d] = day.split('-').map(Number);
    return { year, month, day: d };
  };
  const elements = rows.map(({ keys, first, last, values }) => {
    const all: Record<string, unknown> = {
      ...values,
      dateRange: { start: date(first), end: date(last) },
      pivotValues: [`urn:li:sponsoredCampaign:${keys.campaign}`],
      costInLocalCurrency: (values.costInLocalCurrency ?? 0).toFixed(2),
    };
    return Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k)));
  });
  return { json: { elements, paging: { start: 0, count: 10, links: [] } } };
}

/** organizationalEntityShareStatistics by DAY: one element per day of the time range. */
export const linkedinPagesReports: SandboxReportApi = {
  answer(call) {
    if (!/^\d{6}$/.test(call.headers['linkedin-version'] ?? '')) {
      return linkedinError(400, 'A LinkedIn-Version header (YYYYMM) is required.');
    }
    if (call.path !== 'organizationalEntityShareStatistics' || call.method !== 'GET')
      return noSuchPath(call);
    const organization = (call.query.get('organizationalEntity') ?? '').replace(
      /^urn:li:organization:/,
      '',
    );
    if (!call.accounts.has(organization)) {
      return linkedinError(403, `Not enough permissions to access organization ${organization}.`);
    }
    const range = /^\(timeRange:\(start:(\d+),end:(\d+)\),timeGranularityType:DAY\)$/.exec(
      call.query.get('timeIntervals') ?? '',
    );
    const day = (ms: string | undefined) => new Date(Number(ms)).toISOString().slice(0, 10);
    const asked = range
      ? askedDays(call, organization, day(range[1]), day(String(Number(range[2]) - 864e5)))
      : undefined;
    if (!asked || !('days' in asked))
      return linkedinError(
        400,
        'timeIntervals must be (timeRange:(start:,end:),timeGranularityType:DAY).',
      );
    const figures = aggregate(
      {
        connector: call.connector.nameSimple,
        account: organization,
        now: call.now,
        by: ['date'],
        metrics: { impressions: 'sum', unique: 'sum' },
      },
      asked.days.map((d) => {
        const impressions = dailyCount(organization, d, 600, 'impressions');
        return { day: d, keys: {}, values: { impressions, unique: Math.round(impressions * 0.7) } };
      }),
    );
    const elements = figures.map(({ first: d, values }) => {
      const impressions = values.impressions ?? 0;
      const clicks = Math.round(impressions * 0.03);
      const likes = Math.round(impressions * 0.02);
      const comments = Math.round(impressions * 0.002);
      const shares = Math.round(impressions * 0.001);
      const start = Date.parse(`${d}T00:00:00Z`);
      return {
        organizationalEntity: `urn:li:organization:${organization}`,
        timeRange: { start, end: start + 864e5 },
        totalShareStatistics: {
          impressionCount: impressions,
          uniqueImpressionsCount: values.unique ?? 0,
          clickCount: clicks,
          likeCount: likes,
          commentCount: comments,
          shareCount: shares,
          engagement: impressions ? (clicks + likes + comments + shares) / impressions : 0,
        },
      };
    });
    return { json: { elements, paging: { start: 0, count: 10, links: [] } } };
  },
};
