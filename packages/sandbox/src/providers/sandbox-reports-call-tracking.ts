import type { SandboxReportApi } from './sandbox-report-api.ts';
import { noSuchPath } from './sandbox-report-api.ts';
import { eventDays } from './sandbox-report-calendar.ts';
import { dailyCount, seeded } from './sandbox-report-data.ts';

const SOURCES = [
  { source: 'Google Ads', medium: 'cpc', campaign: 'Brand - Search' },
  { source: 'Google Organic', medium: 'organic', campaign: null },
  { source: 'Direct', medium: 'direct', campaign: null },
  { source: 'Facebook', medium: 'social', campaign: 'Spring Sale' },
];

/** CallRail's calls.json for one company: calls between two dates, paged by page number. */
export const callrailReports: SandboxReportApi = {
  answer(call) {
    if (!/^a\/[^/]+\/calls\.json$/.test(call.path) || call.method !== 'GET')
      return noSuchPath(call);
    const company = call.query.get('company_id') ?? '';
    if (!call.accounts.has(company)) {
      return { status: 404, json: { error: `Company ${company} was not found in this account.` } };
    }
    const days = eventDays(call, company, call.query.get('start_date'), call.query.get('end_date'));
    if (!days)
      return { status: 400, json: { error: 'start_date and end_date must be valid dates.' } };
    const extra = new Set((call.query.get('fields') ?? '').split(','));
    const calls = days.flatMap((day) =>
      Array.from({ length: dailyCount(company, day, 9, 'calls') }, (_, i) => {
        const r = (salt: string) => seeded(company, day, i, salt);
        const source = SOURCES[Math.floor(r('source') * SOURCES.length)] ?? SOURCES[0];
        const answered = r('answered') < 0.82;
        const hour = 8 + Math.floor(r('hour') * 10);
        const minute = Math.floor(r('minute') * 60);
        const all: Record<string, unknown> = {
          id: `CAL${Math.floor(r('id') * 1e12)}`,
          answered,
          direction: 'inbound',
          duration: answered ? 20 + Math.floor(r('duration') * 400) : 0,
          start_time: `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000-05:00`,
          voicemail: !answered && r('voicemail') < 0.4,
          customer_city: 'Austin',
          customer_state: 'TX',
          first_call: r('first') < 0.6,
          source: source?.source,
          medium: source?.medium,
          campaign: source?.campaign,
          lead_status: answered && r('lead') < 0.35 ? 'good_lead' : null,
          value:
            answered && r('lead') < 0.2 ? (50 + Math.floor(r('value') * 450)).toFixed(2) : null,
        };
        const optional = ['first_call', 'source', 'medium', 'campaign', 'lead_status', 'value'];
        return Object.fromEntries(
          Object.entries(all).filter(([k]) => !optional.includes(k) || extra.has(k)),
        );
      }),
    );
    const perPage = Math.min(250, Math.max(1, Number(call.query.get('per_page') ?? 100) || 100));
    const totalPages = Math.max(1, Math.ceil(calls.length / perPage));
    const pageNumber = Math.max(1, Number(call.query.get('page') ?? 1) || 1);
    return {
      json: {
        page: pageNumber,
        per_page: perPage,
        total_pages: totalPages,
        total_records: calls.length,
        calls: calls.slice((pageNumber - 1) * perPage, pageNumber * perPage),
      },
    };
  },
};

const LEAD_TYPES = ['Phone Call', 'Web Form', 'Chat'];

/** WhatConverts' leads of one account, paged by page_number. */
export const whatconvertsReports: SandboxReportApi = {
  answer(call) {
    if (call.path !== 'leads' || call.method !== 'GET') return noSuchPath(call);
    const account = call.query.get('account_id') ?? '';
    if (!call.accounts.has(account))
      return { status: 403, json: { error_message: `No access to account ${account}.` } };
    const days = eventDays(call, account, call.query.get('start_date'), call.query.get('end_date'));
    if (!days)
      return {
        status: 400,
        json: { error_message: 'start_date and end_date must be valid dates.' },
      };
    const leads = days.flatMap((day) =>
      Array.from({ length: dailyCount(account, day, 7, 'leads') }, (_, i) => {
        const r = (salt: string) => seeded(account, day, i, salt);
        const source = SOURCES[Math.floor(r('source') * SOURCES.length)] ?? SOURCES[0];
        const quotable = r('quotable') < 0.4;
        return {
          lead_id: Math.floor(r('id') * 1e9),
          account_id: account,
          lead_type: LEAD_TYPES[Math.floor(r('type') * LEAD_TYPES.length)],
          lead_status: 'Unique',
          date_created: `${day}T${String(9 + (i % 9)).padStart(2, '0')}:15:00Z`,
          quotable: quotable ? 'Yes' : 'No',
          quote_value: quotable ? (200 + Math.floor(r('quote') * 1800)).toFixed(2) : '0.00',
          sales_value:
            quotable && r('sale') < 0.5 ? (150 + Math.floor(r('sale') * 1200)).toFixed(2) : '0.00',
          lead_source: source?.source.toLowerCase().split(' ')[0],
          lead_medium: source?.medium,
        };
      }),
    );
    const perPage = Math.min(
      250,
      Math.max(1, Number(call.query.get('leads_per_page') ?? 25) || 25),
    );
    const page = Math.max(1, Number(call.query.get('page_number') ?? 1) || 1);
    return {
      json: {
        page_number: page,
        leads_per_page: perPage,
        total_pages: Math.max(1, Math.ceil(leads.length / perPage)),
        total_leads: leads.length,
        leads: leads.slice((page - 1) * perPage, page * perPage),
      },
    };
  },
};
