import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { FIELD_SEMANTIC_TYPES } from '../constants.ts';
import { singleLineText } from '../text-schema.ts';

/** One field of a connector's catalogue, as the field explorer on Data Sources shows it. */
const catalogueFieldSchema = z.object({
  /** The id reports name it by. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  concept: z.enum(['DIMENSION', 'METRIC']),
  /** Looker Studio's semantic type, e.g. `CURRENCY_USD`, `PERCENT`, `YEAR_MONTH_DAY`. */
  lookerStudioType: z.string(),
  semanticType: z.enum(FIELD_SEMANTIC_TYPES),
  /** How Looker Studio aggregates a metric. */
  aggregation: z.enum(['SUM', 'AVG', 'MIN', 'MAX', 'COUNT', 'NONE']).optional(),
  /** The provider's group of the field (Traffic source, Ecommerce, …), where it has one. */
  group: z.string().optional(),
  /** Ids of fields a report cannot ask together with this one. */
  incompatibleWith: z.array(z.string()).optional(),
  /** The groups whose fields a report can ask together with this one (all others cannot). */
  compatibleGroups: z.array(z.string()).optional(),
});
export type CatalogueField = z.infer<typeof catalogueFieldSchema>;

const fieldCatalogueSchema = z.object({
  connectorId: z.number().int(),
  /** The account whose own catalogue this is; null: the connector's standard catalogue. */
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  fields: z.array(catalogueFieldSchema),
});

/** The fields a report can ask of one of the team's accounts (404 for another team's). */
export const getAccountFields = defineEndpoint({
  name: 'getAccountFields',
  method: 'GET',
  path: '/api/dataSources/accountFields/:accountId',
  access: privateAccess(),
  params: z.object({ accountId: singleLineText('The account id').max(64) }),
  response: fieldCatalogueSchema,
  errors: ['NOT_FOUND'],
});

/** A connector's standard catalogue, to see what it offers before connecting an account. */
export const getConnectorFields = defineEndpoint({
  name: 'getConnectorFields',
  method: 'GET',
  path: '/api/dataSources/connectorFields/:connectorId',
  access: privateAccess(),
  params: z.object({
    connectorId: singleLineText('The connector id').regex(
      /^\d{1,6}$/,
      'The connector id is a number, as the connector list gives it.',
    ),
  }),
  response: fieldCatalogueSchema,
  errors: ['NOT_FOUND'],
});
