import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { checkPageCount } from '../reports/report-base.ts';
import { addDays, formatDay, unixStart } from '../reports/report-dates.ts';
import { DATE, metric, money } from '../reports/report-fields.ts';
import { groupRows } from '../reports/report-groups.ts';

const PAGE = 100;

interface Money {
  amount?: number;
  divisor?: number;
}
interface Receipt {
  created_timestamp?: number;
  grandtotal?: Money;
  total_shipping_cost?: Money;
  total_tax_cost?: Money;
  discount_amt?: Money;
}

const value = (m: Money | undefined) => (m?.amount ?? 0) / (m?.divisor || 100);

/** Etsy: a shop's receipts (orders) created in the range, summed per day. */
export const etsy: FetcherDefinition = {
  connector: 'etsy',
  defaultDateRangeDays: 30,

  maxDaysPerCall: 1095,
  historyDays: 1095,
  // Calls, orders and records of a day can still be edited for a few days after it.
  settleDays: 3,
  fields: (account) => [
    DATE,
    metric('orders', 'Orders', 'Receipts created.'),
    money(account, 'revenue', 'Revenue', 'Grand totals of the orders.'),
    money(account, 'shipping', 'Shipping', 'Shipping charged.'),
    money(account, 'tax', 'Tax', 'Tax charged.'),
    money(account, 'discounts', 'Discounts', 'Discounts given.'),
  ],
  async rows(context) {
    const receipts: Receipt[] = [];
    const shop = encodeURIComponent(context.request.account.externalId);
    for (let page = 0; ; page += 1) {
      checkPageCount(context, page);
      const params = new URLSearchParams({
        min_created: String(unixStart(context.request.dateRange.start)),
        max_created: String(unixStart(addDays(context.request.dateRange.end, 1)) - 1),
        limit: String(PAGE),
        offset: String(page * PAGE),
      });
      const answer = (await context.http.json(
        {
          url: `${context.base}/shops/${shop}/receipts?${params.toString()}`,
          headers: {
            Authorization: `Bearer ${context.request.accessToken}`,
            'x-api-key': context.provider.values.clientId,
          },
        },
        context.scope,
      )) as { count?: number; results?: Receipt[] };
      receipts.push(...(answer.results ?? []));
      if ((page + 1) * PAGE >= (answer.count ?? 0) || (answer.results ?? []).length === 0) break;
    }
    return groupRows(
      context,
      receipts,
      (r) => ({
        date:
          r.created_timestamp === undefined
            ? null
            : formatDay(new Date(r.created_timestamp * 1000)),
      }),
      (list) => ({
        orders: list.length,
        revenue: list.reduce((s, r) => s + value(r.grandtotal), 0),
        shipping: list.reduce((s, r) => s + value(r.total_shipping_cost), 0),
        tax: list.reduce((s, r) => s + value(r.total_tax_cost), 0),
        discounts: list.reduce((s, r) => s + value(r.discount_amt), 0),
      }),
    );
  },
};
