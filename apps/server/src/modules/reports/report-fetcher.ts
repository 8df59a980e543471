import type { DataFilter } from '@gds/contract';
import type { ReportSignals } from './report-signals.ts';

/**
 * One way to read a connector's report data: the data API asks a `ReportFetcher` for the
 * fields a connector offers and for rows of one account, and never knows which provider API
 * answered. One fetcher per connector; the real ones speak each provider's documented
 * reporting API, and in demo mode the same code talks to the sandbox providers.
 */

/** Looker Studio's semantic types (a currency field is `CURRENCY_<ISO 4217 code>`). */
export type SemanticType =
  | 'YEAR_MONTH_DAY'
  | 'YEAR_MONTH'
  | 'YEAR_WEEK'
  | 'TEXT'
  | 'NUMBER'
  | 'PERCENT'
  | 'DURATION'
  | 'BOOLEAN'
  | 'URL'
  | 'COUNTRY'
  | 'REGION'
  | 'CITY'
  | `CURRENCY_${string}`;

export interface ReportField {
  /** Stable id the connector and the data API use (lower_snake_case). */
  id: string;
  /** What Looker Studio shows. */
  name: string;
  description: string;
  concept: 'DIMENSION' | 'METRIC';
  type: SemanticType;
  /** How Looker Studio aggregates a metric. */
  aggregation?: 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT' | 'NONE';
  /**
   * How a metric's day values make a longer period's value. Absent: only the provider can
   * compute it for a range (distinct counts such as users and reach, averages it computes),
   * so it is always fetched for the exact range, never summed.
   */
  rollup?: FieldRollup;
  /** Where a field explorer files it (the provider's own category: Traffic source, Ecommerce). */
  group?: string;
  /**
   * The provider's own name for the field (GA4's `sessionSource`, GAQL's `metrics.clicks`),
   * which fetchers ask for; absent where the fetcher reads the field its own way.
   */
  api?: string;
  /** Ids of fields a report cannot ask together with this one, where the provider says so. */
  incompatibleWith?: readonly string[];
  /** Groups whose fields a report can ask together with this one (all others cannot). */
  compatibleGroups?: readonly string[];
  /**
   * The provider's reports that answer this field, where it lists them (Google Ads' GAQL
   * resources a query reads FROM): a report's fields must share one. Absent: every report.
   */
  resources?: readonly string[];
}

/**
 * `sum`: the period's value is the sum of its days' (clicks, cost). A ratio: recomputed from
 * two summed fields of the same connector, `numerator / denominator × scale` (CTR = clicks /
 * impressions), so it stays exact over any range.
 */
export type FieldRollup = 'sum' | { numerator: string; denominator: string; scale: number };

export interface ReportSchema {
  fields: readonly ReportField[];
  /** Days back from yesterday the connector asks for when a report names no range. */
  defaultDateRangeDays: number;
  /** Longest range the provider answers in one call, in days: longer ranges go in pieces. */
  maxDaysPerCall: number;
  /** How far back the provider keeps data, in days before today: the longest range a report asks. */
  historyDays: number;
  /**
   * Days the provider keeps revising a day after it ends (attribution windows, processing
   * delays): a day older than this is settled and its stored rows are reused.
   */
  settleDays: number;
}

/** A filter as the data API accepts it. */
export type ReportFilter = DataFilter;

/** The account a report is for, as stored for the team. */
export interface ReportAccount {
  /** The provider's id of the account (property, customer, ad account, ...). */
  externalId: string;
  name: string;
  /** ISO 4217 code when the account states one (currency fields use it). */
  currency: string | null;
  /**
   * What the provider needs besides the id to read it, as discovery stored it: Google Ads'
   * `loginCustomerId` (the manager to log in through), Microsoft's `customerId`.
   */
  details?: Readonly<Record<string, string>>;
}

/** A stored account as fetchers read it, with the currency discovery found where it found one. */
export function reportAccountOf(row: {
  external_id: string;
  name: string;
  details: Readonly<Record<string, string>>;
}): ReportAccount {
  const currency = row.details.currency;
  return {
    externalId: row.external_id,
    name: row.name,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    details: row.details,
  };
}

export interface ReportRequest {
  account: ReportAccount;
  /** Field ids, in the order the rows carry them. */
  fields: readonly string[];
  /** Inclusive, YYYY-MM-DD in the account's time zone. */
  dateRange: { start: string; end: string };
  filters: readonly ReportFilter[];
  /**
   * A fresh access token of the credential that reaches the account; for a form login, its
   * stored secret as is (the JSON of the login fields, e.g. CallRail's apiKey and accountId).
   */
  accessToken: string;
  signal: AbortSignal;
  /** Counts the calls made to the provider for this request (the data API logs them per job). */
  providerCalls?: { count: number };
  /**
   * The account's fields as the data API knows them (its cached metadata); absent, the
   * connector's documented fields.
   */
  catalogue?: readonly ReportField[];
  /** Collects what the provider says about its quota and the figures' exactness. */
  signals?: ReportSignals;
}

export type ReportValue = string | number | boolean | null;

export interface ReportResult {
  /**
   * One array per row, values in `fields` order, as Looker Studio reads each semantic type:
   * YEAR_MONTH_DAY as YYYYMMDD, metrics as numbers, unknowns (and invalid formula markers)
   * as null.
   */
  rows: ReportValue[][];
}

/** Why a report could not be read, in terms the data API turns into a job state. */
export type ReportFailureKind =
  /** The credential no longer works: the person must reconnect the connector. */
  | 'reconnect'
  /** The provider limits our calls: retry after `retryAfterMs`. */
  | 'rate_limited'
  /** The provider is down or timed out: retry with back-off. */
  | 'unavailable'
  /** The request cannot succeed as asked (unknown field, range too long): a 4xx. */
  | 'invalid_request';

export class ReportError extends Error {
  constructor(
    readonly kind: ReportFailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ReportError';
  }
}

export interface ReportFetcher {
  /** The connector's `nameSimple`. */
  connector: string;
  /** The connector's documented fields and limits (the account's own come from `readFields`). */
  schema(account: ReportAccount): ReportSchema;
  /**
   * Every field of one account as the provider's metadata lists it (standard and custom), for
   * connectors whose provider has a metadata API; one provider call, never cached here.
   */
  readFields?(
    account: ReportAccount,
    accessToken: string,
    signal: AbortSignal,
  ): Promise<ReportField[]>;
  /** Why these fields cannot be asked in one report, in words naming them; undefined if they can. */
  conflict?(fields: readonly ReportField[]): string | undefined;
  /** Rows of one account; throws ReportError for every failure a person can act on. */
  fetch(request: ReportRequest): Promise<ReportResult>;
}

/** The fetchers of every connector that has one. */
export interface ReportFetchers {
  find(connector: string): ReportFetcher | undefined;
}
