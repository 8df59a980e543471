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
): ReportField => ({ id, name, description, concept: 'METRIC', type, aggregation });

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

export const DATE = dimension(
  'date',
  'Date',
  'The day, in the account time zone.',
  'YEAR_MONTH_DAY',
);
