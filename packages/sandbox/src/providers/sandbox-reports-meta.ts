import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath, rangeDays } from './sandbox-report-api.ts';
import { adDay, sandboxCampaigns } from './sandbox-report-data.ts';

/** Rows per page here: at most the `limit` asked, and 50 at most, so paging is exercised. */
const PAGE = 50;

/** Meta's error answer shape (code 100: invalid parameter). */
const metaError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'SandboxTrace' } },
});

/** The Marketing API's Insights edge of an ad account: daily rows, cursor paging. */
export const facebookAdsReports: SandboxReportApi = {
  answer(call) {
    const match = /^(act_[^/]+)\/insights$/.exec(call.path);
    if (!match || call.method !== 'GET') return noSuchPath(call);
    const account = match[1] ?? '';
    if (!call.accounts.has(account) && !call.accounts.has(account.slice(4))) {
      return metaError(403, 200, `(#200) The user does not have access to ad account ${account}.`);
    }
    let range: { since?: string; until?: string } = {};
    try {
      range = JSON.parse(call.query.get('time_range') ?? '{}') as typeof range;
    } catch {
      return metaError(400, 100, '(#100) time_range must be a JSON object with since and until.');
    }
    const days = rangeDays(range.since, range.until, 1140);
    if (!days) return metaError(400, 100, '(#100) time_range is not a valid range.');
    if (call.query.get('time_increment') !== '1') {
      return metaError(400, 100, '(#100) The sandbox answers time_increment=1 only.');
    }
    const fields = new Set((call.query.get('fields') ?? '').split(',').filter(Boolean));
    const byCampaign = call.query.get('level') === 'campaign';
    const breakdowns = (call.query.get('breakdowns') ?? '').split(',').filter(Boolean);
    const id = account.slice(4);
    const rows = days.flatMap((day) =>
      (byCampaign ? sandboxCampaigns(id) : [{ id: '', name: '', share: 1 }]).map((campaign) => {
        const f = adDay(id, day, campaign.id ? campaign : { ...campaign, id: 'all' });
        const all: Record<string, unknown> = {
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          impressions: String(f.impressions),
          reach: String(f.reach),
          clicks: String(Math.round(f.clicks * 1.4)),
          inline_link_clicks: String(f.clicks),
          spend: f.cost.toFixed(2),
          ctr: f.impressions ? ((f.clicks * 1.4 * 100) / f.impressions).toFixed(6) : '0',
          cpc: f.clicks ? (f.cost / (f.clicks * 1.4)).toFixed(6) : '0',
          cpm: f.impressions ? ((f.cost * 1000) / f.impressions).toFixed(6) : '0',
          actions: [
            { action_type: 'link_click', value: String(f.clicks) },
            { action_type: 'purchase', value: String(f.conversions) },
            { action_type: 'lead', value: String(Math.round(f.conversions / 2)) },
          ],
          action_values: [{ action_type: 'purchase', value: f.value.toFixed(2) }],
        };
        const row: Record<string, unknown> = { date_start: day, date_stop: day };
        for (const field of fields) if (field in all) row[field] = all[field];
        if (breakdowns.includes('country')) row.country = 'US';
        if (breakdowns.includes('publisher_platform')) row.publisher_platform = 'facebook';
        return row;
      }),
    );
    return page(call, rows);
  },
};

/** One page of rows with Graph's cursor paging (cursors hold offsets here). */
export function page(call: SandboxReportCall, rows: readonly unknown[]) {
  const limit = Math.min(PAGE, Math.max(1, Number(call.query.get('limit') ?? 25) || 25));
  const offset = Number(Buffer.from(call.query.get('after') ?? '', 'base64url').toString() || 0);
  const data = rows.slice(offset, offset + limit);
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const next = new URLSearchParams(call.query);
  next.set('after', cursor(offset + limit));
  return {
    json: {
      data,
      paging: {
        cursors: { before: cursor(offset), after: cursor(offset + limit) },
        ...(offset + limit < rows.length
          ? { next: `${call.base}/${call.path}?${next.toString()}` }
          : {}),
      },
    },
  };
}
