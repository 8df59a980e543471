import type { FetchContext, FetcherDefinition } from '../reports/define-fetcher.ts';
import { addDays } from '../reports/report-dates.ts';
import { DATE, dimension, metric, money } from '../reports/report-fields.ts';
import { bearer } from '../reports/report-groups.ts';
import { toNumber } from '../reports/report-values.ts';

const API_VERSION = 'v60.0';

interface Aggregate {
  day?: string;
  source?: string | null;
  n?: number;
  amount?: number | null;
}

/** Salesforce: leads created and opportunities won per day and lead source (aggregate SOQL). */
export const salesforce: FetcherDefinition = {
  connector: 'salesforce',
  defaultDateRangeDays: 30,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: (account) => [
    DATE,
    dimension('lead_source', 'Lead source', 'Web, Phone Inquiry, Partner Referral, ...'),
    metric('leads', 'Leads created', 'Leads created that day.'),
    metric('opportunities_won', 'Opportunities won', 'Opportunities closed as won that day.'),
    money(account, 'won_amount', 'Won amount', 'Amount of the opportunities won.'),
  ],
  async rows(context) {
    const { start, end } = context.request.dateRange;
    const leads = await query(
      context,
      `SELECT DAY_ONLY(CreatedDate) day, LeadSource source, COUNT(Id) n FROM Lead ` +
        `WHERE CreatedDate >= ${start}T00:00:00Z AND CreatedDate < ${addDays(end, 1)}T00:00:00Z ` +
        `GROUP BY DAY_ONLY(CreatedDate), LeadSource`,
    );
    const won = await query(
      context,
      `SELECT CloseDate day, LeadSource source, COUNT(Id) n, SUM(Amount) amount FROM Opportunity ` +
        `WHERE IsWon = true AND CloseDate >= ${start} AND CloseDate <= ${end} ` +
        `GROUP BY CloseDate, LeadSource`,
    );
    const rows = new Map<string, Record<string, unknown>>();
    const row = (a: Aggregate) => {
      const key = `${a.day}|${a.source ?? ''}`;
      const found = rows.get(key) ?? {
        date: a.day,
        lead_source: a.source ?? null,
        leads: 0,
        opportunities_won: 0,
        won_amount: 0,
      };
      rows.set(key, found);
      return found;
    };
    for (const a of leads) row(a).leads = toNumber(a.n);
    for (const a of won) {
      const r = row(a);
      r.opportunities_won = toNumber(a.n);
      r.won_amount = toNumber(a.amount) ?? 0;
    }
    return [...rows.values()];
  },
};

/** One SOQL query's records, following nextRecordsUrl (on the same instance). */
async function query(context: FetchContext, soql: string): Promise<Aggregate[]> {
  const records: Aggregate[] = [];
  let url: string | undefined =
    `${context.base}/services/data/${API_VERSION}/query?${new URLSearchParams({ q: soql }).toString()}`;
  for (let page = 0; url && page < 100; page += 1) {
    const answer = (await context.http.json({ url, headers: bearer(context) }, context.scope)) as {
      records?: Aggregate[];
      nextRecordsUrl?: string;
    };
    records.push(...(answer.records ?? []));
    url = answer.nextRecordsUrl
      ? `${new URL(context.base).origin}${answer.nextRecordsUrl}`
      : undefined;
  }
  return records;
}
