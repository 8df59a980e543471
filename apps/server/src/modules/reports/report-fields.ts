import { CURRENCY_PREFIX } from '@gds/contract';
import type { ReportAccount, ReportField, SemanticType } from './report-fetcher.ts';

/**
 * Builders for the field catalogues, so each fetcher lists its fields in one line each. Field
 * ids are lower_snake_case and mean the same in every connector that has them (`date`,
 * `campaign`, `clicks`, `cost`), so a dashboard can blend connectors.
 */

export const dimension = (
  id: string,
  name: string,
  description: string,
  type: SemanticType = 'TEXT',
): ReportField => ({ id, name, description, concept: 'DIMENSION', type });

export const metric = (
  id: string,
  name: string,
  description: string,
  type: SemanticType = 'NUMBER',
  aggregation: ReportField['aggregation'] = 'SUM',
): ReportField => ({
  id,
  name,
  description,
  concept: 'METRIC',
  type,
  aggregation,
  // A count or an amount per day sums to the period's; any other aggregation does not.
  ...(aggregation === 'SUM' ? { rollup: 'sum' as const } : {}),
});

/**
 * A count of distinct people or things (users, unique opens): a person counted on two days is
 * one person over both, so its days never sum to a period's value. Always fetched as asked.
 */
export const distinct = (id: string, name: string, description: string): ReportField => ({
  id,
  name,
  description,
  concept: 'METRIC',
  type: 'NUMBER',
  aggregation: 'SUM',
});

/**
 * A ratio the provider computes (CTR, cost per click) that a period's summed parts give again:
 * `numerator / denominator × scale`, with both parts summable fields of the same connector.
 */
export const ratioOf = (
  field: ReportField,
  numerator: string,
  denominator: string,
  scale = 1,
): ReportField => ({
  ...field,
  // The period's value is the parts' ratio, never the days' sum.
  aggregation: 'AVG',
  rollup: { numerator, denominator, scale },
});

/** A rate (CTR, bounce rate): a ratio Looker Studio shows as a percent and averages. */
export const percent = (id: string, name: string, description: string): ReportField =>
  metric(id, name, description, 'PERCENT', 'AVG');

/** Money in the account's currency; accounts that state none are reported in USD. */
export const currencyType = (account: ReportAccount): SemanticType =>
  `${CURRENCY_PREFIX}${(account.currency ?? 'USD').toUpperCase()}`;

export const money = (
  account: ReportAccount,
  id: string,
  name: string,
  description: string,
): ReportField => metric(id, name, description, currencyType(account));

/** A field with the provider's own name for it and the provider's group it is filed in. */
export const providerField = (api: string, group: string, field: ReportField): ReportField => ({
  ...field,
  api,
  group,
});

export const DATE = dimension(
  'date',
  'Date',
  'The day, in the account time zone.',
  'YEAR_MONTH_DAY',
);
