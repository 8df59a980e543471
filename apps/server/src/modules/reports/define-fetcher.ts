import type { ConnectorDefinition } from '@gds/contract';
import type { Provider } from '../providers/provider-directory.ts';
import { formLoginFields } from '../credentials/stored-form-fields.ts';
import { checkRange } from './report-dates.ts';
import type { ProviderErrorReading } from './report-failures.ts';
import type {
  ReportAccount,
  ReportField,
  ReportFetcher,
  ReportFilter,
  ReportRequest,
  ReportValue,
} from './report-fetcher.ts';
import { ReportError } from './report-fetcher.ts';
import type { QuotaReading } from './report-signals.ts';
import type { CallScope, ReportHttp } from './report-http.ts';
import { reportBase } from './report-base.ts';
import { cleanValue, toNumber } from './report-values.ts';

/** A row as a fetcher reads it: values by field id, dates as YYYY-MM-DD. */
export type ReportRow = Readonly<Record<string, unknown>>;

/** Settings of the reports that are prepared asynchronously (Microsoft, Amazon). */
export interface PollSettings {
  intervalMs: number;
  attempts: number;
}

/** What a fetcher's `rows` gets: the request, its provider, and the calls' plumbing. */
export interface FetchContext {
  request: ReportRequest;
  connector: ConnectorDefinition;
  provider: Provider;
  /** The reporting API's base address for this login (the sandbox's in demo mode). */
  base: string;
  /** The requested fields, in order. */
  fields: readonly ReportField[];
  /** Every field of the account (its provider names included), to map ids generically. */
  catalogue: readonly ReportField[];
  wants: (fieldId: string) => boolean;
  http: ReportHttp;
  scope: CallScope;
  poll: PollSettings;
  /**
   * A form login's fields (CallRail's apiKey and accountId): its stored secret is the JSON of
   * what the person typed. Empty for OAuth logins.
   */
  login: Readonly<Record<string, string>>;
}

/** One connector's fetcher, as each fetcher file declares it. */
export interface FetcherDefinition {
  connector: string;
  fields(account: ReportAccount): ReportField[];
  defaultDateRangeDays: number;
  /** Longest range one provider call answers; longer ranges are fetched in pieces. */
  maxDaysPerCall: number;
  /** How far back the provider keeps data, in days before today. */
  historyDays: number;
  /** Days the provider keeps revising a day after it ends (from its documentation). */
  settleDays: number;
  /** Provider error codes its status does not tell. */
  readError?: ProviderErrorReading;
  /**
   * Every field of the account from the provider's metadata API, for providers that have one
   * (GA4's custom dimensions are per property). The context names no fields.
   */
  metadata?: (context: FetchContext) => Promise<ReportField[]>;
  /** Why the fields cannot be asked together (the provider's compatibility rules), or undefined. */
  conflict?: (fields: readonly ReportField[]) => string | undefined;
  /** The quota usage a provider states in its answers' headers (Meta's usage headers). */
  readUsage?: (headers: Headers) => QuotaReading[];
  rows(context: FetchContext): Promise<ReportRow[]>;
}

export interface FetcherDeps {
  http: ReportHttp;
  poll: PollSettings;
}

/**
 * A ReportFetcher from a definition. The rules every connector shares live here: the request
 * is checked before any call (known fields, a range the provider answers, filters on known
 * fields), and every row is filtered, put in the requested order, written as Looker Studio
 * reads its semantic type, and cleaned of invalid formula markers.
 */
export function defineFetcher(
  definition: FetcherDefinition,
  connector: ConnectorDefinition,
  provider: Provider,
  deps: FetcherDeps,
): ReportFetcher {
  const schema = (account: ReportAccount) => ({
    fields: definition.fields(account),
    defaultDateRangeDays: definition.defaultDateRangeDays,
    maxDaysPerCall: definition.maxDaysPerCall,
    historyDays: definition.historyDays,
    settleDays: definition.settleDays,
  });

  /** The plumbing of one request's provider calls. */
  async function contextOf(
    request: ReportRequest,
    fields: readonly ReportField[],
    catalogue: readonly ReportField[],
  ) {
    const scope: CallScope = {
      connector: connector.nameSimple,
      connectorName: connector.name,
      secrets: secretsOf(request.accessToken),
      signal: request.signal,
      ...(request.providerCalls ? { calls: request.providerCalls } : {}),
      ...(definition.readError ? { readError: definition.readError } : {}),
      ...(definition.readUsage && request.signals
        ? { onAnswer: usageInto(definition.readUsage, request.signals.quota) }
        : {}),
    };
    const login = connector.auth === 'form' ? formLoginFields(request.accessToken) : {};
    const wanted = new Set(request.fields);
    const context: FetchContext = {
      request,
      connector,
      provider,
      base: '',
      fields,
      catalogue,
      wants: (id) => wanted.has(id) || request.filters.some((f) => f.field === id),
      http: deps.http,
      scope,
      poll: deps.poll,
      login,
    };
    context.base = await reportBase(context);
    return context;
  }

  const conflict = (fields: readonly ReportField[]) => definition.conflict?.(fields);
  const metadata = definition.metadata;

  return {
    connector: definition.connector,
    schema,
    conflict,
    ...(metadata
      ? {
          async readFields(account: ReportAccount, accessToken: string, signal: AbortSignal) {
            const request: ReportRequest = {
              account,
              fields: [],
              dateRange: { start: '', end: '' },
              filters: [],
              accessToken,
              signal,
            };
            return metadata(await contextOf(request, [], []));
          },
        }
      : {}),
    async fetch(request) {
      if (request.fields.length === 0) {
        throw new ReportError('invalid_request', 'Pick at least one field for the report.');
      }
      const all = request.catalogue ?? definition.fields(request.account);
      const catalogue = new Map(all.map((f) => [f.id, f]));
      const fields = request.fields.map((id) => known(catalogue, id, connector.name));
      const filters = request.filters.map((filter) => ({
        filter,
        field: known(catalogue, filter.field, connector.name),
      }));
      const refused = conflict([...fields, ...filters.map((f) => f.field)]);
      if (refused) throw new ReportError('invalid_request', refused);
      checkRange(connector.name, request.dateRange, definition.maxDaysPerCall);
      const context = await contextOf(request, fields, all);
      const rows = await definition.rows(context);
      return {
        rows: rows
          // Filters see values as the report shows them (a date as YYYYMMDD, markers as null).
          .filter((row) => filters.every((f) => matches(cell(f.field, row[f.field.id]), f.filter)))
          .map((row) => fields.map((field) => cell(field, row[field.id]))),
      };
    },
  };
}

/** Keeps what each answer's headers say about the quota, with the readings of the request. */
function usageInto(read: (headers: Headers) => QuotaReading[], into: QuotaReading[]) {
  return (headers: Headers) => {
    into.push(...read(headers));
  };
}

function known(catalogue: Map<string, ReportField>, id: string, connectorName: string) {
  const field = catalogue.get(id);
  if (!field) {
    throw new ReportError(
      'invalid_request',
      `${connectorName} has no field "${id}". Pick fields from the data source's field list.`,
    );
  }
  return field;
}

/** The token, and for a form login each field it holds: none may show in a message. */
function secretsOf(accessToken: string): string[] {
  return [accessToken, ...Object.values(formLoginFields(accessToken))].filter((s) => s.length >= 4);
}

/** Looker Studio reads YEAR_MONTH_DAY as YYYYMMDD; everything else as cleaned. */
function cell(field: ReportField, value: unknown): ReportValue {
  const clean = cleanValue(value);
  if (field.type === 'YEAR_MONTH_DAY' && typeof clean === 'string') return clean.replace(/-/g, '');
  if (field.concept === 'METRIC' && typeof clean === 'string') return toNumber(clean);
  return clean;
}

function matches(value: unknown, filter: ReportFilter): boolean {
  const text =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
  switch (filter.operator) {
    case 'EQUALS':
      return text === (filter.values[0] ?? '');
    case 'CONTAINS':
      return text.toLowerCase().includes((filter.values[0] ?? '').toLowerCase());
    case 'IN_LIST':
      return filter.values.includes(text);
    case 'NUMERIC_GREATER_THAN':
    case 'NUMERIC_LESS_THAN': {
      const n = toNumber(value);
      const bound = toNumber(filter.values[0]);
      if (n === null || bound === null) return false;
      return filter.operator === 'NUMERIC_GREATER_THAN' ? n > bound : n < bound;
    }
  }
}
