import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import { aggregate } from './sandbox-report-aggregate.ts';
import type { AskedDays } from './sandbox-report-calendar.ts';
import { askedDays } from './sandbox-report-calendar.ts';
import { dailyCount } from './sandbox-report-data.ts';

const graphError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'SandboxTrace' } },
});

/** Graph's refusal of a range: not valid, or longer than the edge answers in one call. */
const tooFar = (asked: Exclude<AskedDays, { days: string[] }>) =>
  graphError(
    400,
    100,
    asked.refused === 'too-long'
      ? `(#100) There cannot be more than ${asked.maxDays} days between since and until`
      : '(#100) since and until must be valid dates, since before until.',
  );

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
  // Each metric is a day's own figure (a day's unique people are that day's): sums per day.
  const rows = aggregate(
    {
      connector: call.connector.nameSimple,
      account: id,
      now: call.now,
      by: ['date'],
      metrics: Object.fromEntries(metrics.map((m) => [m, 'sum' as const])),
    },
    days.map((day) => ({
      day,
      keys: {},
      values: Object.fromEntries(metrics.map((m) => [m, dailyCount(id, day, means[m] ?? 10, m)])),
    })),
  );
  return {
    json: {
      data: metrics.map((name) => ({
        name,
        period: 'day',
        title: name,
        id: `${id}/insights/${name}/day`,
        values: rows.map((row) => ({
          value: row.values[name] ?? 0,
          end_time: `${nextDay(row.first)}T08:00:00+0000`,
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
    const asked = askedDays(call, page, call.query.get('since'), prevDay(call.query.get('until')));
    if (!('days' in asked)) return tooFar(asked);
    return insights(call, page, asked.days, PAGE_MEANS);
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
    const asked = askedDays(
      call,
      user,
      day(call.query.get('since')),
      prevDay(day(call.query.get('until')) ?? null),
    );
    if (!('days' in asked)) return tooFar(asked);
    return insights(call, user, asked.days, INSTAGRAM_MEANS);
  },
};
