import type { SandboxReportApi } from './sandbox-report-api.ts';
import { noSuchPath, rangeDays } from './sandbox-report-api.ts';
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
    if (!/^a\/[^/]+\/calls\.json$/.test(call.path) || call.method !== 'GET') return noSuchPath(call);
    const company = call.query.get('company_id') ?? '';
    if (!call.accounts.has(company)) {
      return { status: 404, json: { error: `Company ${company} was not found in this account.` } };
    }
    const days = rangeDays(call.query.get('start_date'), call.query.get('end_date'));
    if (!days) return { status: 400, json: { error: 'start_date and end_date must be valid dates.' } };
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
          value: answered && r('lead') < 0.2 ? (50 + Math.floor(r('value') * 450)).toFixed(2) : null,
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
