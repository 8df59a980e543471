import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { addDays, formatDay, unixStart } from '../reports/report-dates.ts';
import { DATE, dimension, metric, money } from '../reports/report-fields.ts';
import { bearer, groupRows } from '../reports/report-groups.ts';

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

interface Transaction {
  id: string;
  amount?: number;
  fee?: number;
  net?: number;
  currency?: string;
  type?: string;
  created?: number;
}

const units = (t: Transaction, minor: number | undefined) =>
  (minor ?? 0) / (ZERO_DECIMAL.has(t.currency ?? '') ? 1 : 100);

/** Stripe: balance transactions of the connected account, summed per day and type. */
export const stripe: FetcherDefinition = {
  connector: 'stripe',
  defaultDateRangeDays: 30,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: (account) => [
    DATE,
    dimension('type', 'Type', 'charge, refund, payout, adjustment, ...'),
    dimension('currency', 'Currency', 'ISO code of the transaction, lower case.'),
    metric('transactions', 'Transactions', 'Balance transactions.'),
    money(account, 'gross', 'Gross volume', 'Amounts before fees.'),
    money(account, 'fees', 'Fees', 'Stripe fees.'),
    money(account, 'net', 'Net volume', 'Amounts after fees.'),
  ],
  async rows(context) {
    const transactions: Transaction[] = [];
    let after: string | undefined;
    for (let page = 0; ; page += 1) {
      checkPageCount(context, page);
      const params = new URLSearchParams({
        'created[gte]': String(unixStart(context.request.dateRange.start)),
        'created[lt]': String(unixStart(addDays(context.request.dateRange.end, 1))),
        limit: '100',
      });
      if (after) params.set('starting_after', after);
      const answer = (await context.http.json(
        {
          url: `${context.base}/balance_transactions?${params.toString()}`,
          headers: bearer(context),
        },
        context.scope,
      )) as { data?: Transaction[]; has_more?: boolean };
      const data = answer.data ?? [];
      transactions.push(...data);
      after = data.at(-1)?.id;
      if (!answer.has_more || !after) break;
    }
    return groupRows(
      context,
      transactions,
      (t) => ({
        date: t.created === undefined ? null : formatDay(new Date(t.created * 1000)),
        type: t.type ?? null,
        currency: t.currency ?? null,
      }),
      (list) => ({
        transactions: list.length,
        gross: list.reduce((s, t) => s + units(t, t.amount), 0),
        fees: list.reduce((s, t) => s + units(t, t.fee), 0),
        net: list.reduce((s, t) => s + units(t, t.net), 0),
      }),
    );
  },
};
