import { z } from 'zod';
import { LIVE_DATA_ENVIRONMENTS } from './constants.ts';
import { connectorAccess, defineEndpoint } from './endpoint.ts';
import type { ConnectorAccess, Endpoint } from './endpoint.ts';
import { singleLineText } from './text-schema.ts';

/**
 * The data API the Looker Studio connector calls: versioned under /api/data/v1, a bearer token
 * from the connector's OAuth grant, JSON in and out. It is not a browser API (no session, no
 * unit header), so its endpoints are kept apart from ENDPOINTS.
 */
export const DATA_API_PREFIX = '/api/data/v1';

/** Where each environment serves the data API: production plus the live test environments. */
export const DATA_API_ENVIRONMENTS = ['production', ...LIVE_DATA_ENVIRONMENTS] as const;
export type DataApiEnvironment = (typeof DATA_API_ENVIRONMENTS)[number];

/**
 * The discovery document a connector reads first (outside /api: no unit header, no token):
 * where each environment serves the data API, and the OAuth addresses.
 */
export const DATA_API_DISCOVERY_PATH = '/.well-known/gds-data-api';

export const dataApiDiscovery = z.object({
  version: z.literal('v1'),
  environments: z.partialRecord(z.enum(DATA_API_ENVIRONMENTS), z.string()),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  revocationEndpoint: z.string(),
  scope: z.string(),
});

/** The scope a connector grant carries: reading report data, nothing else. */
export const DATA_READ_SCOPE = 'data.read';

const day = singleLineText('A date').regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

export const dataFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Looker Studio's semantics: conceptType DIMENSION or METRIC, semanticType e.g. CURRENCY_USD. */
  semantics: z.object({
    conceptType: z.enum(['DIMENSION', 'METRIC']),
    semanticType: z.string(),
  }),
  dataType: z.enum(['STRING', 'NUMBER', 'BOOLEAN']),
  aggregation: z.enum(['SUM', 'AVG', 'MIN', 'MAX', 'COUNT', 'NONE']).optional(),
});
export type DataField = z.infer<typeof dataFieldSchema>;

export const dataSchemaResponse = z.object({
  connector: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  fields: z.array(dataFieldSchema),
  defaultDateRange: z.object({ startDate: day, endDate: day }),
  /** The longest range a report can ask: how many days back the provider keeps data. */
  maxDateRangeDays: z.number().int(),
});

export const dataFilterSchema = z.object({
  field: singleLineText('A filter field').min(1).max(100),
  operator: z.enum(['EQUALS', 'CONTAINS', 'IN_LIST', 'NUMERIC_GREATER_THAN', 'NUMERIC_LESS_THAN']),
  values: z.array(singleLineText('A filter value').max(1000)).max(100),
});
export type DataFilter = z.output<typeof dataFilterSchema>;

export const dataJobRequest = z.object({
  account: singleLineText('The account id').min(1).max(64),
  fields: z.array(singleLineText('A field id').min(1).max(100)).min(1).max(100),
  dateRange: z.object({ startDate: day, endDate: day }),
  filters: z.array(dataFilterSchema).max(20).default([]),
});
/** What a report job fetches, as stored with it: the account is the job's own column. */
export type DataJobQuery = Omit<z.output<typeof dataJobRequest>, 'account'>;

export const DATA_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * What the provider said about a report's figures: sampled (computed from part of the
 * events), subject to thresholding (rows with few users withheld), or rows lumped into
 * "(other)". The message says it for the person reading the report.
 */
export const DATA_NOTICE_KINDS = ['sampled', 'thresholded', 'other_row'] as const;
export const dataNoticeSchema = z.object({
  kind: z.enum(DATA_NOTICE_KINDS),
  message: z.string(),
});
export type DataNotice = z.infer<typeof dataNoticeSchema>;

/** Whether a stored kind is one this build knows (a newer build may have stored another). */
export const isDataNoticeKind = (kind: string): kind is DataNotice['kind'] =>
  (DATA_NOTICE_KINDS as readonly string[]).includes(kind);

export const dataJobPoll = z.object({
  jobId: z.string(),
  state: z.enum(DATA_JOB_STATES),
  /** When failed: what happened and what to do, for the person reading the report. */
  reason: z.string().optional(),
  /**
   * While queued or running: how long to wait before polling again. With a `reason` while
   * queued: the job waits for the provider's quota to come back (the reason says until when).
   */
  retryAfterMs: z.number().int().optional(),
  /** When done: field ids in the order of each row's values. */
  fields: z.array(z.string()).optional(),
  page: z.number().int().optional(),
  totalRows: z.number().int().optional(),
  /** The next page's number, or null on the last page. */
  nextPage: z.number().int().nullable().optional(),
  /** When done: what the provider said about the figures (sampled, thresholded). */
  notices: z.array(dataNoticeSchema).optional(),
  /** Last: a done page is written as stored text after the small fields, in this order. */
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))).optional(),
});
export type DataJobPoll = z.infer<typeof dataJobPoll>;

export const dataConnectorsResponse = z.object({
  /** Connectors with reports of which the team has accounts. */
  connectors: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const dataAccountsResponse = z.object({
  /** The team's live accounts of the connector, by name. */
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Every data API call: a connector grant's bearer token holding the data.read scope. */
const dataReadAccess = connectorAccess(DATA_READ_SCOPE);

const connectorParams = z.object({ connector: singleLineText('The connector').min(1).max(64) });

/**
 * The data API's endpoints, declared like ENDPOINTS (the server serves each with these schemas
 * and this access, tests call them through them), but apart from them: the browser never
 * calls these, so the web app's route table leaves them out.
 */
export const DATA_API = {
  connectors: defineEndpoint({
    name: 'dataApi.connectors',
    method: 'GET',
    path: `${DATA_API_PREFIX}/connectors`,
    access: dataReadAccess,
    response: dataConnectorsResponse,
    errors: ['RATE_LIMITED'],
  }),
  accounts: defineEndpoint({
    name: 'dataApi.accounts',
    method: 'GET',
    path: `${DATA_API_PREFIX}/connectors/:connector/accounts`,
    access: dataReadAccess,
    params: connectorParams,
    response: dataAccountsResponse,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  schema: defineEndpoint({
    name: 'dataApi.schema',
    method: 'GET',
    path: `${DATA_API_PREFIX}/connectors/:connector/schema`,
    access: dataReadAccess,
    params: connectorParams,
    query: z.object({ account: singleLineText('The account id').min(1).max(64) }),
    response: dataSchemaResponse,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  createJob: defineEndpoint({
    name: 'dataApi.createJob',
    method: 'POST',
    path: `${DATA_API_PREFIX}/jobs`,
    access: dataReadAccess,
    body: dataJobRequest,
    // Queued or running (poll it), or done with its first page: the poll's answer for page 1,
    // so a chart answered from a stored result costs one call.
    response: dataJobPoll,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  pollJob: defineEndpoint({
    name: 'dataApi.pollJob',
    method: 'GET',
    path: `${DATA_API_PREFIX}/jobs/:jobId`,
    access: dataReadAccess,
    params: z.object({ jobId: singleLineText('The job id').min(1).max(64) }),
    query: z.object({
      page: z.coerce.number<string>().int().min(1, 'must be 1 or more').max(100_000).default(1),
    }),
    response: dataJobPoll,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
} as const satisfies Record<
  string,
  Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, ConnectorAccess>
>;
