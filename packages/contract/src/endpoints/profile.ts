import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';

/** The mail a member chooses to receive; each member sets only their own. */
const mailPreferencesSchema = z.object({
  /**
   * The email digest of the team's data-source logins about to expire, failed or revoked
   * (sent to members who can manage data sources).
   */
  credentialDigest: z.boolean(),
});

export const getMailPreferences = defineEndpoint({
  name: 'getMailPreferences',
  method: 'GET',
  path: '/api/profile/mailPreferences',
  access: privateAccess(),
  response: mailPreferencesSchema,
  errors: ['NOT_FOUND'],
});

export const updateMailPreferences = defineEndpoint({
  name: 'updateMailPreferences',
  method: 'PUT',
  path: '/api/profile/mailPreferences',
  access: privateAccess(),
  // Sent form-encoded, as every form of the app: the choice travels as text.
  body: z.object({ credentialDigest: z.enum(['true', 'false']) }),
  response: mailPreferencesSchema,
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});
