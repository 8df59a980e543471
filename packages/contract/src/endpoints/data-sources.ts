import { z } from 'zod';
import { CONNECTOR_CATEGORIES } from '../connectors.ts';
import { defineEndpoint, publicAccess } from '../endpoint.ts';

export const loginFieldSchema = z.object({
  fieldName: z.string(),
  label: z.string(),
  type: z.enum(['text', 'password', 'email', 'url']),
  value: z.string().optional(),
});

/** A connector as the API answers it; the map key is its id (spec §3). */
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
