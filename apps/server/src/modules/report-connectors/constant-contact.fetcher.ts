import type { FetcherDefinition, ReportRow } from '../reports/define-fetcher.ts';
import { checkPageCount, sameOrigin } from '../reports/report-base.ts';
import { DATE, dimension, distinct, metric } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { toNumber } from '../reports/report-values.ts';

interface Summary {
  campaign_id?: string;
  campaign_type?: string;
  last_sent_date?: string;
  unique_counts?: Record<string, unknown>;
}

/**
 * Constant Contact: email campaign summaries, each on its last send day. The API has no date
 * filter, so every page is read and the range applied here (newest first, so reading stops
 * at the first campaign sent before the range).
 */
export const constantContact: FetcherDefinition = {
  connector: 'constant-contact',
  defaultDateRangeDays: 90,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // A campaign's opens and clicks keep coming for weeks after it is sent.
  settleDays: 30,
  fields: () => [
    DATE,
    dimension('campaign_id', 'Campaign ID', 'The email campaign id.'),
    dimension('campaign_type', 'Campaign type', 'NEWSLETTER, ANNOUNCEMENT, ...'),
    metric('sends', 'Sends', 'Emails sent.'),
    distinct('opens', 'Unique opens', 'Contacts who opened.'),
    distinct('clicks', 'Unique clicks', 'Contacts who clicked.'),
    metric('bounces', 'Bounces', 'Emails that bounced.'),
    metric('unsubscribes', 'Unsubscribes', 'Contacts who opted out.'),
  ],
  async rows(context) {
    const { start, end } = context.request.dateRange;
    const rows: ReportRow[] = [];
    let url: string | undefined =
      `${context.base}/reports/summary_reports/email_campaign_summaries?limit=50`;
    for (let page = 0; url; page += 1) {
      checkPageCount(context, page);
      const answer = (await context.http.json(
        { url, headers: bearer(context) },
        context.scope,
      )) as {
        bulk_email_campaign_summaries?: Summary[];
        _links?: { next?: { href?: string } };
      };
      let older = false;
      for (const s of answer.bulk_email_campaign_summaries ?? []) {
        const day = s.last_sent_date?.slice(0, 10) ?? '';
        if (day < start) older = true;
        if (day < start || day > end) continue;
        const counts = s.unique_counts ?? {};
        rows.push({
          date: day,
          campaign_id: s.campaign_id,
          campaign_type: s.campaign_type,
          sends: toNumber(counts.sends),
          opens: toNumber(counts.opens),
          clicks: toNumber(counts.clicks),
          bounces: toNumber(counts.bounces),
          unsubscribes: toNumber(counts.optouts),
        });
      }
      const next = answer._links?.next?.href;
      url =
        next && !older ? sameOrigin(context, new URL(next, context.base).toString()) : undefined;
    }
    return rows;
  },
};
