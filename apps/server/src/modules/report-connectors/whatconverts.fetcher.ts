import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { DATE, dimension, metric, money } from '../reports/report-fields.ts';
import { ReportError } from '../reports/report-fetcher.ts';
import { groupRows } from '../reports/report-groups.ts';
import { toNumber } from '../reports/report-values.ts';

const PER_PAGE = 250;

interface Lead {
  date_created?: string;
  lead_type?: string;
  lead_source?: string;
  lead_medium?: string;
  quotable?: string;
  quote_value?: string | number;
  sales_value?: string | number;
}

/** WhatConverts: leads of one account, counted per day (and type, source, medium). */
export const whatconverts: FetcherDefinition = {
  connector: 'whatconverts',
  defaultDateRangeDays: 30,

  maxDaysPerCall: 366,
  historyDays: 366,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: (account) => [
    DATE,
    dimension('lead_type', 'Lead type', 'Phone Call, Web Form, Chat, ...'),
    dimension('source', 'Source', 'Where the lead came from.'),
    dimension('medium', 'Medium', 'cpc, organic, ...'),
    metric('leads', 'Leads', 'Leads received.'),
    metric('quotable_leads', 'Quotable leads', 'Leads marked quotable.'),
    money(account, 'quote_value', 'Quote value', 'Value quoted to the leads.'),
    money(account, 'sales_value', 'Sales value', 'Sales from the leads.'),
  ],
  async rows(context) {
    const { apiToken, apiSecret } = context.login;
    if (!apiToken || !apiSecret) {
      throw new ReportError(
        'reconnect',
        `The saved ${context.connector.name} login is incomplete. Reconnect ${context.connector.name} in Data Sources.`,
      );
    }
    const leads: Lead[] = [];
    for (let page = 1; ; page += 1) {
      checkPageCount(context, page - 1);
      const params = new URLSearchParams({
        account_id: context.request.account.externalId,
        start_date: context.request.dateRange.start,
        end_date: context.request.dateRange.end,
        leads_per_page: String(PER_PAGE),
        page_number: String(page),
      });
      const answer = (await context.http.json(
        {
          url: `${context.base}/leads?${params.toString()}`,
          headers: {
            Authorization: `Basic ${Buffer.from(`${apiToken}:${apiSecret}`).toString('base64')}`,
          },
        },
        {
          ...context.scope,
          secrets: [
            ...context.scope.secrets,
            Buffer.from(`${apiToken}:${apiSecret}`).toString('base64'),
          ],
        },
      )) as { leads?: Lead[]; total_pages?: number };
      leads.push(...(answer.leads ?? []));
      if (page >= (answer.total_pages ?? 0) || (answer.leads ?? []).length === 0) break;
    }
    return groupRows(
      context,
      leads,
      (l) => ({
        date: l.date_created?.slice(0, 10) ?? null,
        lead_type: l.lead_type ?? null,
        source: l.lead_source ?? null,
        medium: l.lead_medium ?? null,
      }),
      (list) => ({
        leads: list.length,
        quotable_leads: list.filter((l) => l.quotable === 'Yes').length,
        quote_value: list.reduce((s, l) => s + (toNumber(l.quote_value) ?? 0), 0),
        sales_value: list.reduce((s, l) => s + (toNumber(l.sales_value) ?? 0), 0),
      }),
    );
  },
};
