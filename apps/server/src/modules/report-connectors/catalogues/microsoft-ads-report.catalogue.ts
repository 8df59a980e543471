import {
  currencyType,
  DATE,
  dimension,
  metric,
  money,
  percent,
  providerField,
  ratioOf,
} from '../../reports/report-fields.ts';
import type { ReportAccount, ReportField } from '../../reports/report-fetcher.ts';
import type {
  MicrosoftColumn,
  MicrosoftReportType,
  Ratio,
  Row,
} from './microsoft-ads-report-types.ts';
import {
  ALL,
  incompatibleIds,
  microsoftConflict,
  reportTypeFor,
} from './microsoft-ads-report-types.ts';
import { ATTRIBUTES } from './microsoft-ads-attributes.ts';
import { AMOUNTS, COUNTS } from './microsoft-ads-counts.ts';
import { BIDS, SCORES, SHARES } from './microsoft-ads-estimates.ts';
import { MONEY_RATIOS, NUMBER_RATIOS, PERCENT_RATIOS } from './microsoft-ads-rates.ts';

/**
 * Microsoft Advertising's report columns as data, from the campaign, ad group, keyword, ad and
 * search query reports' column value sets (links in microsoft-ads-report-types.ts). `api` is
 * the column each field reads; the letters say which reports take it: c campaign, g ad group,
 * k keyword, a ad, q search term. Reports write rates as percentages ("2.50%"), and a score
 * not computed as "--". The lists are split by kind: attributes, counts and amounts, rates
 * worked out from them, and the estimates only Microsoft computes.
 */

type Entry = MicrosoftColumn & { field: (account: ReportAccount) => ReportField; group: string };

const entry = (
  group: string,
  [id, api, reports, name]: Row | Ratio,
  make: Entry['field'],
): Entry => ({
  id,
  name,
  api,
  reports,
  group,
  field: make,
});

const ENTRIES: readonly Entry[] = [
  entry('Time', ['date', 'TimePeriod', ALL, DATE.name, DATE.description], () => DATE),
  ...ATTRIBUTES.flatMap(([group, rows]) =>
    rows.map((r) => entry(group, r, () => dimension(r[0], r[3], r[4]))),
  ),
  ...COUNTS.flatMap(([group, rows]) =>
    rows.map((r) => entry(group, r, () => metric(r[0], r[3], r[4]))),
  ),
  ...AMOUNTS.flatMap(([group, rows]) =>
    rows.map((r) => entry(group, r, (a) => money(a, r[0], r[3], r[4]))),
  ),
  entry(
    'Video',
    ['watch_time', 'TotalWatchTimeInMS', 'cga', 'Watch time', 'Time people watched the videos.'],
    () => metric('watch_time', 'Watch time', 'Time people watched the videos.', 'DURATION'),
  ),
  ...PERCENT_RATIOS.flatMap(([group, rows]) =>
    rows.map((r) => entry(group, r, () => ratioOf(percent(r[0], r[3], r[4]), r[5], r[6]))),
  ),
  ...MONEY_RATIOS.flatMap(([group, rows]) =>
    rows.map((r) => entry(group, r, (a) => ratioOf(money(a, r[0], r[3], r[4]), r[5], r[6]))),
  ),
  ...NUMBER_RATIOS.map((r) =>
    entry('Conversions', r, () => ratioOf(metric(r[0], r[3], r[4], 'NUMBER', 'AVG'), r[5], r[6])),
  ),
  ...SHARES.map((r) => entry('Impression share', r, () => percent(r[0], r[3], r[4]))),
  ...SCORES.map((r) => entry('Quality', r, () => metric(r[0], r[3], r[4], 'NUMBER', 'AVG'))),
  ...BIDS.map((r) => entry('Bids', r, (a) => metric(r[0], r[3], r[4], currencyType(a), 'AVG'))),
];

const BY_ID = new Map(ENTRIES.map((e) => [e.id, e]));
const INCOMPATIBLE = incompatibleIds(ENTRIES);

/** Every Microsoft Advertising field, with what no report can hold together with it. */
export function microsoftAdsCatalogue(account: ReportAccount): ReportField[] {
  return ENTRIES.map((e) => {
    const incompatible = INCOMPATIBLE.get(e.id) ?? [];
    return {
      ...providerField(e.api, e.group, e.field(account)),
      ...(incompatible.length ? { incompatibleWith: incompatible } : {}),
    };
  });
}

/** The catalogue's columns of these fields (fields it does not list have none). */
const columnsOf = (fields: readonly Pick<ReportField, 'id'>[]): MicrosoftColumn[] =>
  fields.map((f) => BY_ID.get(f.id)).filter((e) => e !== undefined);

/** Why no one report answers these fields together, or undefined. */
export const microsoftAdsConflict = (fields: readonly ReportField[]): string | undefined =>
  microsoftConflict(columnsOf(fields));

/** The report that answers these fields and the columns it is asked for. */
export function microsoftReportOf(
  fields: readonly Pick<ReportField, 'id'>[],
): { type: MicrosoftReportType; columns: string[] } | undefined {
  const columns = columnsOf(fields);
  const type = reportTypeFor(columns);
  if (!type) return undefined;
  // Rows come per campaign at least: a report needs an attribute column besides the figures.
  const asked = ['CampaignId', ...type.required, ...columns.map((c) => c.api)];
  return { type, columns: [...new Set(asked)] };
}
