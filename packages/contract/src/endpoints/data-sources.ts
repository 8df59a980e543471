import { z } from 'zod';
import { CONNECTOR_CATEGORIES } from '../connectors.ts';
import { defineEndpoint, privateAccess, publicAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { personSchema } from './schemas.ts';

export const loginFieldSchema = z.object({
  fieldName: z.string(),
  label: z.string(),
  type: z.enum(['text', 'password', 'email', 'url']),
  value: z.string().optional(),
});

/** A connector as the API answers it; the map key is its id. */
export const connectorInfoSchema = z.object({
  nameSimple: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.enum(CONNECTOR_CATEGORIES),
  auth: z.enum(['oauth2', 'form']),
  loginFields: z.array(loginFieldSchema).optional(),
  googleType: z.boolean(),
  beta: z.boolean(),
  deprecated: z.boolean(),
  addon: z.boolean(),
  /** Whether the caller's team may connect it now (signed out: what a new team may). */
  allowed: z.boolean(),
  /** Connecting goes to the built-in sandbox provider (demo mode, no real credentials set). */
  sandbox: z.boolean().default(false),
});
export type ConnectorInfo = z.infer<typeof connectorInfoSchema>;

/**
 * The connectors catalog, a map keyed by connector id. Without all=true only allowed
 * connectors are listed. Public, because the Looker Studio add-data-source page (/auth) and
 * start-up need it before sign-in; it holds nothing secret.
 */
export const getConnectorConfig = defineEndpoint({
  name: 'getConnectorConfig',
  method: 'GET',
  path: '/api/dataSources/connectorConfig',
  access: publicAccess,
  query: z.object({ all: z.enum(['true', 'false']).optional() }),
  response: z.record(z.string().regex(/^\d+$/), connectorInfoSchema),
  errors: [],
});

export const ACCOUNT_STATUSES = ['connected', 'needs_reconnect', 'error', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** One data-source account (an ad account, a GA property, a page, ...) under a credential. */
export const accountSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  addedBy: personSchema.nullable(),
  addedAt: z.string(),
  lastRefreshedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  deletedBy: personSchema.nullable(),
  /** When a deleted account is purged for good. */
  purgeAt: z.string().nullable(),
  /** The account's reporting time zone (IANA) as its provider states it: report days follow it. */
  timeZone: z.string().nullable(),
  /** The account's currency (ISO 4217) as its provider states it: money fields carry it. */
  currency: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** A credential of a connector with its health and accounts (users call it a login). */
export const credentialGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['connected', 'needs_reconnect', 'error']),
  /** A human reason when status is not connected (e.g. "Access was revoked at the provider"). */
  statusReason: z.string().nullable(),
  addedBy: personSchema.nullable(),
  /** A client who connected it through a client connect link (then addedBy is null). */
  connectedByEmail: z.string().nullable(),
  addedAt: z.string(),
  lastRefreshedAt: z.string().nullable(),
  /**
   * When the login stops working unless someone reconnects it (null: not known), forecast from
   * what the provider said ('provider') or from the lifetime it documents ('rule').
   */
  expiresAt: z.string().nullable().default(null),
  expirySource: z.enum(['provider', 'rule']).nullable().default(null),
  accounts: z.array(accountSchema),
});

export const connectorGroupSchema = z.object({
  connectorId: z.number().int(),
  credentials: z.array(credentialGroupSchema),
});

/** The Data Sources screen: every credential and account of the team grouped by connector. */
export const getGroupedData = defineEndpoint({
  name: 'getGroupedData',
  method: 'GET',
  path: '/api/dataSources/groupedData',
  access: privateAccess(),
  response: z.object({
    groups: z.array(connectorGroupSchema),
    usage: z.object({ accountsUsed: z.number().int(), accountLimit: z.number().int() }),
    retentionDays: z.number().int(),
  }),
  errors: [],
});

const accountIdParams = z.object({ accountId: singleLineText('The account id').max(64) });

/** Moves an account to Deleted (restorable within the retention window). */
export const deleteAccount = defineEndpoint({
  name: 'deleteAccount',
  method: 'DELETE',
  path: '/api/dataSources/deleteAccount/:accountId',
  access: privateAccess('manage_data_sources'),
  params: accountIdParams,
  response: z.object({ account: accountSchema }),
  errors: ['NOT_FOUND'],
});

/** Brings a deleted account back as it was; refused past the plan's account limit (409). */
export const restoreAccount = defineEndpoint({
  name: 'restoreAccount',
  method: 'POST',
  path: '/api/dataSources/restoreAccount/:accountId',
  access: privateAccess('manage_data_sources'),
  params: accountIdParams,
  response: z.object({ account: accountSchema }),
  errors: ['NOT_FOUND', 'CONFLICT'],
});
