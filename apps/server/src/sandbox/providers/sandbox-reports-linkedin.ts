import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath, rangeDays } from './sandbox-report-api.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

/** LinkedIn's error answer shape. */
const linkedinError = (status: number, message: string) => ({
  status,
  json: { status, serviceErrorCode: 100, code: status === 403 ? 'ACCESS_DENIED' : 'INVALID_PARAMS', message },
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
      if (!call.accounts.has(account)) return linkedinError(403, `Not enough permissions to access account ${account}.`);
      return {
        json: {
          elements: sandboxCampaigns(account).map((c) => ({ id: Number(c.id), name: c.name, account: `urn:li:sponsoredAccount:${account}`, status: 'ACTIVE' })),
          metadata: {},
          paging: { start: 0, count: 1000, links: [] },
        },
      };
    }
    return noSuchPath(call);
  },
};

function analytics(call: SandboxReportCall) {
  const q = call.query;
  if (q.get('q') !== 'analytics' || q.get('pivot') !== 'CAMPAIGN' || q.get('timeGranularity') !== 'DAILY') {
    return linkedinError(400, 'The sandbox answers q=analytics with pivot=CAMPAIGN and timeGranularity=DAILY.');
  }
  const range = /^\(start:(\(.+?\)),end:(\(.+?\))\)$/.exec(q.get('dateRange') ?? '');
  const days = range ? rangeDays(parts(range[1] ?? ''), parts(range[2] ?? '')) : undefined;
  if (!days) return linkedinError(400, 'dateRange must be (start:(year:,month:,day:),end:(...)).');
  const account = /^List\(urn:li:sponsoredAccount:([^)]+)\)$/.exec(q.get('accounts') ?? '')?.[1] ?? '';
  if (!call.accounts.has(account)) return linkedinError(403, `Not enough permissions to access account ${account}.`);
  const fields = new Set((q.get('fields') ?? '').split(','));
  const elements = days.flatMap((day) => {
    const [year, month, date] = day.split('-').map(Number);
    return sandboxCampaigns(account).map((campaign) => {
      const f = adDay(account, day, campaign);
      const all: Record<string, unknown> = {
        dateRange: { start: { year, month, day: date }, end: { year, month, day: date } },
        pivotValues: [`urn:li:sponsoredCampaign:${campaign.id}`],
        impressions: f.impressions,
        clicks: f.clicks,
        costInLocalCurrency: f.cost.toFixed(2),
        externalWebsiteConversions: f.conversions,
        oneClickLeads: Math.round(f.conversions / 3),
        likes: Math.round(f.clicks / 4),
        shares: Math.round(f.clicks / 20),
        comments: Math.round(f.clicks / 15),
        follows: Math.round(f.clicks / 10),
      };
      return Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k)));
    });
  });
  return { json: { elements, paging: { start: 0, count: 10, links: [] } } };
}
