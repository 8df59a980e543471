import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { personSchema } from './schemas.ts';

/** A connector's access to the team's data, given by one member (an OAuth grant). */
export const connectorGrantSchema = z.object({
  id: z.string(),
  /** The member who allowed it; null once that member is gone. */
  user: personSchema.nullable(),
  client: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Whether the caller may revoke it (their own, or manage_data_sources). */
  revocable: z.boolean(),
});
export type ConnectorGrant = z.infer<typeof connectorGrantSchema>;

/** The team's live connector grants (Data Sources screen), newest first. */
export const getConnectorGrants = defineEndpoint({
  name: 'getConnectorGrants',
  method: 'GET',
  path: '/api/dataSources/connectorGrants',
  access: privateAccess(),
  response: z.object({ grants: z.array(connectorGrantSchema) }),
  errors: [],
});

/**
 * Revokes a grant: the connector's next call is refused. Anyone may revoke their own;
 * another member's needs manage_data_sources.
 */
export const revokeConnectorGrant = defineEndpoint({
  name: 'revokeConnectorGrant',
  method: 'DELETE',
  path: '/api/dataSources/connectorGrants/:grantId',
  access: privateAccess(),
  params: z.object({ grantId: singleLineText('The grant id').min(1).max(64) }),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND'],
});

/** What the consent screen names: the connector asking, the team it would read, the scope. */
export const getConnectorConsent = defineEndpoint({
  name: 'getConnectorConsent',
  method: 'GET',
  path: '/api/connectorConsent',
  access: privateAccess(),
  query: z.object({
    uid: singleLineText('The authorization request').regex(/^[\w-]{10,64}$/, 'is not valid'),
  }),
  response: z.object({
    client: z.object({ id: z.string(), name: z.string() }),
    team: z.object({ name: z.string() }),
    /** Where the consent form posts Allow or Cancel (the authorization server's own route). */
    action: z.string(),
  }),
  errors: ['NOT_FOUND'],
});
