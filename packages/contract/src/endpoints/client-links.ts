import { z } from 'zod';
import { defineEndpoint, privateAccess, publicAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { connectionResultSchema } from './connections.ts';
import { linkTokenSchema } from './invitations.ts';
import { emailSchema, idSchema, personSchema } from './schemas.ts';

export const CLIENT_LINK_DEFAULT_DAYS = 7;
export const CLIENT_LINK_MAX_DAYS = 30;

export const CLIENT_LINK_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type ClientLinkStatus = (typeof CLIENT_LINK_STATUSES)[number];

/**
 * A link that lets a client connect their own accounts of one OAuth connector into the team,
 * without an account in the app and without sharing a password.
 */
export const clientLinkSchema = z.object({
  id: z.string(),
  connectorId: z.number().int(),
  /** Who it was sent to, if anyone (the client page offers it as the client's email). */
  recipientEmail: z.string().nullable(),
  multiUse: z.boolean(),
  /** Connections completed through the link. */
  uses: z.number().int(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(CLIENT_LINK_STATUSES),
  /**
   * A reconnect link's credential: the client signs in again to that login, which keeps its
   * id and its accounts theirs. Null for a link that connects new accounts.
   */
  credentialId: z.string().nullable(),
});
export type ClientLink = z.infer<typeof clientLinkSchema>;

/** How many days a link works, as a form sends it. */
const expiresInDaysSchema = z.coerce
  .number()
  .int('must be a whole number of days')
  .min(1, 'must be at least 1 day')
  .max(CLIENT_LINK_MAX_DAYS, `must be at most ${CLIENT_LINK_MAX_DAYS} days`)
  .default(CLIENT_LINK_DEFAULT_DAYS);

/** The team's links, newest first: active ones and those that ended in the last 30 days. */
export const getClientLinks = defineEndpoint({
  name: 'getClientLinks',
  method: 'GET',
  path: '/api/team/clientLinks',
  access: privateAccess('manage_data_sources'),
  response: z.object({ links: z.array(clientLinkSchema) }),
  errors: [],
});

/**
 * Creates a link for one OAuth connector the team may connect now. The address is answered
 * once, to copy (only its hash is stored), and emailed when `recipientEmail` is given and
 * `sendEmail` is not 'false'. Refused when the team has no room left for accounts (PLAN_LIMIT)
 * or has made too many links this hour (RATE_LIMITED).
 */
export const createClientLink = defineEndpoint({
  name: 'createClientLink',
  method: 'POST',
  path: '/api/team/clientLink',
  access: privateAccess('manage_data_sources'),
  body: z.object({
    connectorId: z.coerce.number().int().positive(),
    recipientEmail: z.union([z.literal(''), emailSchema]).default(''),
    multiUse: z.enum(['true', 'false']).default('false'),
    expiresInDays: expiresInDaysSchema,
    sendEmail: z.enum(['true', 'false']).default('true'),
  }),
  response: z.object({ link: clientLinkSchema, url: z.string(), emailSent: z.boolean() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'PLAN_LIMIT', 'RATE_LIMITED'],
});

/**
 * Asks the person who owns a login (the client who connected it, or `recipientEmail`) to
 * reconnect it: emails them a single-use link that re-authorizes that very credential at the
 * provider, so its accounts keep their ids. Counted with the team's client links (RATE_LIMITED).
 */
export const askToReconnect = defineEndpoint({
  name: 'askToReconnect',
  method: 'POST',
  path: '/api/team/credentialReconnect',
  access: privateAccess('manage_data_sources'),
  body: z.object({
    credentialId: idSchema,
    /** Empty: the email of the client who connected the login. */
    recipientEmail: z.union([z.literal(''), emailSchema]).default(''),
    expiresInDays: expiresInDaysSchema,
  }),
  response: z.object({ link: clientLinkSchema, emailSent: z.boolean() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'RATE_LIMITED'],
});

/** Stops a link from working; connections already made through it stay. */
export const revokeClientLink = defineEndpoint({
  name: 'revokeClientLink',
  method: 'DELETE',
  path: '/api/team/clientLink',
  access: privateAccess('manage_data_sources'),
  query: z.object({ id: idSchema }),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND'],
});

/** The team and unit a client page is branded with. */
const clientPageSchema = z.object({
  teamName: z.string(),
  connectorId: z.number().int(),
  connectorName: z.string(),
});

/**
 * What the client's page shows. Public: the client has no account. `status` says why a link no
 * longer works; an unknown token is a 404 (the page says the link is not valid).
 */
export const getClientLinkInfo = defineEndpoint({
  name: 'getClientLinkInfo',
  method: 'GET',
  path: '/api/clientLinks/info',
  access: publicAccess,
  query: z.object({ token: linkTokenSchema }),
  response: clientPageSchema.extend({
    status: z.enum(CLIENT_LINK_STATUSES),
    expiresAt: z.string(),
    /** Offered as the client's email when the link was sent to someone. */
    recipientEmail: z.string().nullable(),
    /** A reason the link cannot be used now though it is active (the team's plan is full). */
    blockedReason: z.string().nullable(),
    /** A reconnect link's login, to sign in to again; null for a link that adds accounts. */
    reconnectLogin: z.string().nullable(),
  }),
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});

/**
 * The client starts the provider's consent: answers the provider's address. The connection is
 * bound to this browser (a cookie of its own, not a session); the accounts land in the team
 * credited to `email`.
 */
export const startClientConnection = defineEndpoint({
  name: 'startClientConnection',
  method: 'POST',
  path: '/api/clientLinks/start',
  access: publicAccess,
  body: z.object({ token: linkTokenSchema, email: emailSchema }),
  response: z.object({ authUri: z.string() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'PLAN_LIMIT', 'RATE_LIMITED'],
});

/**
 * How the client's connection ended, for /connect/done?id=… : only the browser that made the
 * connection can read it, for a few minutes; anything else is 404.
 */
export const getClientConnectionResult = defineEndpoint({
  name: 'getClientConnectionResult',
  method: 'GET',
  path: '/api/clientLinks/result',
  access: publicAccess,
  query: z.object({ id: singleLineText('id').min(1).max(128) }),
  response: clientPageSchema.extend({ result: connectionResultSchema }),
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});
