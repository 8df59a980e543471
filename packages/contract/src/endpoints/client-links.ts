import { z } from 'zod';
import { defineEndpoint, privateAccess, publicAccess } from '../endpoint.ts';
import { linkTokenSchema } from './invitations.ts';
import { emailSchema, idSchema, personSchema } from './schemas.ts';

/** The public page a client connect link opens: `/connect/<token>`. */
export const CLIENT_LINK_PATH_PREFIX = '/connect/';
export const CLIENT_LINK_DEFAULT_DAYS = 7;
export const CLIENT_LINK_MAX_DAYS = 30;

/**
 * A link that lets a client connect their own accounts of one OAuth connector into the team,
 * without an account in the app and without sharing a password.
 */
export const clientLinkSchema = z.object({
  id: z.string(),
  connectorId: z.number().int(),
  /** Who it was sent to, if it was emailed. */
  recipientEmail: z.string().nullable(),
  multiUse: z.boolean(),
  uses: z.number().int(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['active', 'used', 'expired', 'revoked']),
});
export type ClientLink = z.infer<typeof clientLinkSchema>;

export const getClientLinks = defineEndpoint({
  name: 'getClientLinks',
  method: 'GET',
  path: '/api/team/clientLinks',
  access: privateAccess('manage_data_sources'),
  response: z.object({ links: z.array(clientLinkSchema) }),
  errors: [],
});

/**
 * Creates a link for one connector (OAuth connectors the team may connect now). The address is
 * answered once, to copy (only its hash is stored), and emailed when `recipientEmail` is given.
 */
export const createClientLink = defineEndpoint({
  name: 'createClientLink',
  method: 'POST',
  path: '/api/team/clientLink',
  access: privateAccess('manage_data_sources'),
  body: z.object({
    connectorId: z.coerce.number().int().positive(),
    recipientEmail: z.union([z.literal(''), emailSchema]).optional(),
    multiUse: z.enum(['true', 'false']).default('false'),
    expiresInDays: z.coerce.number().int().min(1).max(CLIENT_LINK_MAX_DAYS).default(7),
  }),
  response: z.object({ link: clientLinkSchema, url: z.string(), emailSent: z.boolean() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'PLAN_LIMIT', 'RATE_LIMITED'],
});

export const revokeClientLink = defineEndpoint({
  name: 'revokeClientLink',
  method: 'DELETE',
  path: '/api/team/clientLink',
  access: privateAccess('manage_data_sources'),
  query: z.object({ id: idSchema }),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND'],
});

/** What the client's page shows; `status` says why a link no longer works (unknown: 404). */
export const getClientLinkInfo = defineEndpoint({
  name: 'getClientLinkInfo',
  method: 'GET',
  path: '/api/clientLinks/info',
  access: publicAccess,
  query: z.object({ token: linkTokenSchema }),
  response: z.object({
    status: z.enum(['active', 'used', 'expired', 'revoked']),
    teamName: z.string(),
    connectorId: z.number().int(),
    connectorName: z.string(),
    expiresAt: z.string(),
    /** Pre-filled on the page when the link was emailed. */
    recipientEmail: z.string().nullable(),
  }),
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});

/**
 * The client starts the provider's consent: answers the provider's address. The state is bound
 * to this browser's session; the accounts land in the team credited to `email`.
 */
export const startClientConnection = defineEndpoint({
  name: 'startClientConnection',
  method: 'POST',
  path: '/api/clientLinks/start',
  access: publicAccess,
  body: z.object({ token: linkTokenSchema, email: emailSchema }),
  response: z.object({ authUri: z.string() }),
  errors: ['NOT_FOUND', 'CONFLICT', 'PLAN_LIMIT', 'BAD_GATEWAY', 'RATE_LIMITED'],
});
