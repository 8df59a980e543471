import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath, rangeDays } from './sandbox-report-api.ts';
import { dailyCount } from './sandbox-report-data.ts';

const graphError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'SandboxTrace' } },
});

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 864e5).toISOString().slice(0, 10);

/** Graph insights: one series per metric, each day's value ending at the next midnight (Pacific). */
function insights(
  call: SandboxReportCall,
  id: string,
  days: string[],
  means: Record<string, number>,
) {
  const metrics = (call.query.get('metric') ?? '').split(',').filter(Boolean);
  const unknown = metrics.find((m) => !(m in means));
  if (unknown)
    return graphError(400, 100, `(#100) The value must be a valid insights metric: ${unknown}`);
  return {
    json: {
      data: metrics.map((name) => ({
        name,
        period: 'day',
        title: name,
        id: `${id}/insights/${name}/day`,
        values: days.map((day) => ({
          value: dailyCount(id, day, means[name] ?? 10, name),
          end_time: `${nextDay(day)}T08:00:00+0000`,
        })),
      })),
      paging: {},
    },
  };
}

const PAGE_MEANS = {
  page_impressions: 1400,
  page_impressions_unique: 900,
  page_post_engagements: 160,
  page_views_total: 70,
  page_fan_adds: 6,
};

/** A Page's token (the Page node's access_token field) and its insights. */
export const facebookPageReports: SandboxReportApi = {
  answer(call) {
    const [page = '', edge] = call.path.split('/');
    if (!call.accounts.has(page))
      return graphError(403, 10, `(#10) The user cannot read Page ${page}.`);
    if (edge === undefined && call.query.get('fields') === 'access_token') {
      // The sandbox's Page token is the person's own: it checks the same way.
      const token = (call.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      return { json: { id: page, access_token: token } };
    }
    if (edge !== 'insights' || call.method !== 'GET') return noSuchPath(call);
    const days = rangeDays(call.query.get('since'), prevDay(call.query.get('until')), 93);
    if (!days) return graphError(400, 100, '(#100) since and until must be at most 93 days apart.');
    return insights(call, page, days, PAGE_MEANS);
  },
};

const prevDay = (day: string | null) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) - 864e5).toISOString().slice(0, 10) : undefined;

const INSTAGRAM_MEANS = {
  reach: 700,
  impressions: 1300,
  profile_views: 45,
  website_clicks: 8,
  follower_count: 5,
};

/** An Instagram professional account's insights (since/until as Unix seconds, 30 days at most). */
export const instagramReports: SandboxReportApi = {
  answer(call) {
    const [user = '', edge] = call.path.split('/');
    if (edge !== 'insights' || call.method !== 'GET') return noSuchPath(call);
    if (!call.accounts.has(user))
      return graphError(403, 10, `(#10) The user cannot read account ${user}.`);
    const day = (unix: string | null) =>
      unix && /^\d+$/.test(unix)
        ? new Date(Number(unix) * 1000).toISOString().slice(0, 10)
        : undefined;
    const days = rangeDays(
      day(call.query.get('since')),
      prevDay(day(call.query.get('until')) ?? null),
      30,
    );
    if (!days) return graphError(400, 100, '(#100) since and until must be at most 30 days apart.');
    return insights(call, user, days, INSTAGRAM_MEANS);
  },
};
