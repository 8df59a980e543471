import type { SandboxReportApi, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer, noSuchPath } from './sandbox-report-api.ts';
import { eventDays, sandboxToday } from './sandbox-report-calendar.ts';
import { seeded } from './sandbox-report-data.ts';

/** An account's email campaigns: one about every five days, with stable figures. */
function campaigns(account: string, days: readonly string[]) {
  return days
    .filter((day) => seeded(account, day, 'send') < 0.2)
    .map((day) => {
      const sent = Math.round(2000 + seeded(account, day, 'list') * 6000);
      const opens = Math.round(sent * (0.18 + seeded(account, day, 'o') * 0.2));
      const clicks = Math.round(opens * (0.08 + seeded(account, day, 'c') * 0.1));
      return {
        id: `c${Buffer.from(`${account}${day}`).toString('hex').slice(-10)}`,
        day,
        sent,
        opens,
        clicks,
        bounces: Math.round(sent * 0.01),
        unsubscribes: Math.round(sent * 0.002),
      };
    });
}

/** Mailchimp's /3.0/reports, offset paging, filtered by send time. */
export const mailchimpReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== '3.0/reports' || call.method !== 'GET') return noSuchPath(call);
    const account = [...call.accounts][0] ?? '';
    const since = call.query.get('since_send_time')?.slice(0, 10);
    const before = call.query.get('before_send_time')?.slice(0, 10);
    const last = before
      ? new Date(Date.parse(`${before}T00:00:00Z`) - 864e5).toISOString().slice(0, 10)
      : undefined;
    const days = eventDays(call, account, since, last);
    if (!days)
      return {
        status: 400,
        json: {
          title: 'Invalid Resource',
          status: 400,
          detail: 'since_send_time and before_send_time must form a valid range.',
        },
      };
    const reports = campaigns(account, days).map((c) => ({
      id: c.id,
      campaign_title: `Newsletter ${c.day}`,
      type: 'regular',
      emails_sent: c.sent,
      send_time: `${c.day}T14:00:00+00:00`,
      unsubscribed: c.unsubscribes,
      bounces: {
        hard_bounces: Math.round(c.bounces / 3),
        soft_bounces: c.bounces - Math.round(c.bounces / 3),
      },
      opens: {
        opens_total: Math.round(c.opens * 1.4),
        unique_opens: c.opens,
        open_rate: c.opens / c.sent,
      },
      clicks: {
        clicks_total: Math.round(c.clicks * 1.3),
        unique_clicks: c.clicks,
        click_rate: c.clicks / c.sent,
      },
    }));
    const offset = Math.max(0, Number(call.query.get('offset') ?? 0) || 0);
    const count = Math.min(1000, Math.max(1, Number(call.query.get('count') ?? 10) || 10));
    return {
      json: { reports: reports.slice(offset, offset + count), total_items: reports.length },
    };
  },
};

/** Constant Contact's campaign summaries: newest first, a relative next link per page. */
export const constantContactReports: SandboxReportApi = {
  answer(call: SandboxReportCall) {
    if (call.path !== 'reports/summary_reports/email_campaign_summaries' || call.method !== 'GET')
      return noSuchPath(call);
    const account = [...call.accounts][0] ?? '';
    const today = sandboxToday(call.now);
    const days = eventDays(
      call,
      account,
      new Date(Date.parse(`${today}T00:00:00Z`) - 730 * 864e5).toISOString().slice(0, 10),
      today,
    );
    if (!days) return errorAnswer(500, 'Sandbox calendar error.');
    const all = campaigns(account, days).reverse();
    const limit = Math.min(50, Math.max(1, Number(call.query.get('limit') ?? 50) || 50));
    const offset = Number(Buffer.from(call.query.get('next') ?? '', 'base64url').toString() || 0);
    const page = all.slice(offset, offset + limit);
    const next = new URLSearchParams({
      limit: String(limit),
      next: Buffer.from(String(offset + limit)).toString('base64url'),
    });
    return {
      json: {
        bulk_email_campaign_summaries: page.map((c) => ({
          campaign_id: c.id,
          campaign_type: 'NEWSLETTER',
          last_sent_date: `${c.day}T15:00:00.000Z`,
          unique_counts: {
            sends: c.sent,
            opens: c.opens,
            clicks: c.clicks,
            bounces: c.bounces,
            optouts: c.unsubscribes,
            forwards: 0,
            abuse: 0,
          },
        })),
        ...(offset + limit < all.length
          ? {
              _links: {
                next: { href: `${new URL(call.base).pathname}/${call.path}?${next.toString()}` },
              },
            }
          : {}),
      },
    };
  },
};
