import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { addDays } from '../reports/report-dates.ts';
import { DATE, dimension, distinct, metric, percent } from '../reports/report-fields.ts';
import { toNumber } from '../reports/report-values.ts';

const PAGE = 100;

interface Report {
  id?: string;
  campaign_title?: string;
  send_time?: string;
  emails_sent?: number;
  unsubscribed?: number;
  opens?: { opens_total?: number; unique_opens?: number; open_rate?: number };
  clicks?: { clicks_total?: number; unique_clicks?: number; click_rate?: number };
  bounces?: { hard_bounces?: number; soft_bounces?: number };
}

/** Mailchimp: campaign reports sent in the range, each on its send day. */
export const mailchimp: FetcherDefinition = {
  connector: 'mailchimp',
  defaultDateRangeDays: 90,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // A campaign's opens and clicks keep coming for weeks after it is sent.
  settleDays: 30,
  fields: () => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The campaign id.'),
    dimension('campaign', 'Campaign', 'The campaign title.'),
    metric('emails_sent', 'Emails sent', 'Emails delivered to the audience.'),
    metric('opens', 'Opens', 'All opens.'),
    distinct('unique_opens', 'Unique opens', 'Recipients who opened.'),
    percent('open_rate', 'Open rate', 'Unique opens per email sent.'),
    metric('clicks', 'Clicks', 'All clicks.'),
    distinct('unique_clicks', 'Unique clicks', 'Recipients who clicked.'),
    percent('click_rate', 'Click rate', 'Unique clicks per email sent.'),
    metric('unsubscribes', 'Unsubscribes', 'Recipients who left the audience.'),
    metric('bounces', 'Bounces', 'Hard and soft bounces.'),
  ],
  async rows(context) {
    const rows: ReportRow[] = [];
    for (let page = 0; ; page += 1) {
      checkPageCount(context, page);
      const params = new URLSearchParams({
        since_send_time: `${context.request.dateRange.start}T00:00:00+00:00`,
        before_send_time: `${addDays(context.request.dateRange.end, 1)}T00:00:00+00:00`,
        count: String(PAGE),
        offset: String(page * PAGE),
      });
      const answer = (await context.http.json(
        {
          url: `${context.base}/3.0/reports?${params.toString()}`,
          headers: { Authorization: `OAuth ${context.request.accessToken}` },
        },
        context.scope,
      )) as { reports?: Report[]; total_items?: number };
      for (const r of answer.reports ?? []) {
        rows.push({
          date: r.send_time?.slice(0, 10),
          campaign_id: r.id,
          campaign: r.campaign_title,
          emails_sent: r.emails_sent,
          opens: r.opens?.opens_total,
          unique_opens: r.opens?.unique_opens,
          open_rate: r.opens?.open_rate,
          clicks: r.clicks?.clicks_total,
          unique_clicks: r.clicks?.unique_clicks,
          click_rate: r.clicks?.click_rate,
          unsubscribes: r.unsubscribed,
          bounces:
            (toNumber(r.bounces?.hard_bounces) ?? 0) + (toNumber(r.bounces?.soft_bounces) ?? 0),
        });
      }
      if ((page + 1) * PAGE >= (answer.total_items ?? 0)) return rows;
    }
  },
};
