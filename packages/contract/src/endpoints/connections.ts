import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { businessUnitSchema } from './schemas.ts';

/** A stored credential of a connector (users call it a login). Never carries a token. */
export const credentialSchema = z.object({ id: z.string(), name: z.string() });

/**
 * Starts connecting a connector (GET /api/auth/: a path kept for compatibility, though
 * connecting is not signing in).
 * OAuth connectors answer `authUri` (the provider's consent page, state and PKCE bound to the
 * caller's session). Form-login connectors answer `state` for POST /api/auth/callback and no
 * authUri. `credentials` are the team's existing credentials of this connector (the /auth page
 * shows them); `gdsRedirectUri` echoes the dashboard tool's redirect address once it passed
 * the allow-list. `error` carries a provider-side reason the user can act on.
 */
export const startConnection = defineEndpoint({
  name: 'startConnection',
  method: 'GET',
  path: '/api/auth/',
  access: privateAccess('manage_data_sources'),
  query: z.object({
    integration_type: z.coerce.number().int().positive(),
    /** The signed-in user's email; the server checks it against the session. */
    masterEmail: singleLineText('The email').max(320).optional(),
    /** 'reauth' adds a credential or, with credentialId, reconnects that credential in place. */
    type: z.enum(['reauth']).default('reauth'),
    business_unit: businessUnitSchema.optional(),
    credentialId: singleLineText('The login id').max(64).optional(),
    /** Where to send the browser after connecting (dashboard tool); must be allow-listed. */
    redirectUri: singleLineText('The return address').max(2048).optional(),
  }),
  response: z.object({
    authUri: z.string().nullable(),
    state: z.string().nullable(),
    credentials: z.array(credentialSchema),
    gdsRedirectUri: z.string().nullable(),
    error: z.string().nullable(),
  }),
  errors: [
    'VALIDATION_FAILED',
    'FORBIDDEN',
    'NOT_FOUND',
    'CONFLICT',
    'SUBSCRIPTION_INACTIVE',
    'BAD_GATEWAY',
  ],
});

/**
 * Form login: the connector's login fields plus the state from startConnection.
 * The server verifies the credentials with the provider before storing anything. Field values
 * are strings (form-encoded body); unknown fields are refused.
 */
export const submitFormLogin = defineEndpoint({
  name: 'submitFormLogin',
  method: 'POST',
  path: '/api/auth/callback',
  access: privateAccess('manage_data_sources'),
  body: z.record(singleLineText('A field name').max(64), singleLineText('A login field').max(2048)),
  response: z.object({
    success: z.boolean(),
    /** Set when the connection started from a dashboard tool: the browser goes there. */
    redirectUri: z.string().nullable(),
    credential: credentialSchema.nullable(),
    accountsAdded: z.number().int(),
    /** Accounts found but not added because the plan's account limit was reached. */
    accountsSkipped: z.number().int().default(0),
    /** Why it failed, for the log and the modal; the toast is '{connector} account was not valid'. */
    error: z.string().nullable(),
  }),
  errors: ['VALIDATION_FAILED', 'LOGIN_FAILED', 'BAD_GATEWAY'],
});

/** Each OAuth provider sends the browser back to its own address, so a code is never tried at another. */
export const connectorCallbackPath = (nameSimple: string) => `/oauth/${nameSimple}/callback`;

/**
 * How an OAuth connection ended, as the server recorded it:
 * - connected: `credentialName` (the credential's name), `accountsAdded`, and `accountsSkipped` when some
 *   accounts were over the plan's limit;
 * - denied: the user said no at the provider;
 * - error: `error` is a sentence to show (retryable).
 * `connector` is null when the callback named no known connector. `redirectUri` is the
 * dashboard tool's return address stored when the connection started, never anything else.
 * Never carries a token or code.
 */
export const connectionResultSchema = z.object({
  status: z.enum(['connected', 'denied', 'error']),
  connector: z.number().int().nullable(),
  credentialName: z.string().nullable(),
  accountsAdded: z.number().int(),
  accountsSkipped: z.number().int(),
  redirectUri: z.string().nullable(),
  error: z.string().nullable(),
});
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

/**
 * The outcome of an OAuth connection for /data-sources/callback?id=… . Only the browser
 * session whose callback recorded it can read it, and only for a few minutes: any other id
 * (another session's, unknown, expired) is 404, so a hand-made link shows no success and sends
 * the browser nowhere. Reading does not use it up (a GET changes nothing), so a reload shows
 * the same result.
 */
export const getConnectionResult = defineEndpoint({
  name: 'getConnectionResult',
  method: 'GET',
  path: '/api/dataSources/connectionResult',
  access: privateAccess(),
  query: z.object({ id: singleLineText('id').min(1).max(128) }),
  response: connectionResultSchema,
  errors: ['NOT_FOUND'],
});
