import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { profileUserSchema, routeNameSchema, teamSchema } from './schemas.ts';

/**
 * The sign-in callback: the SPA's /login/callback forwards the identity provider's query here.
 * It is a GET because it carries an OAuth redirect's query; it is safe because the state it
 * consumes is single-use and bound to the caller's pre-login session (see docs/adr).
 */
export const loginCallback = defineEndpoint({
  name: 'loginCallback',
  method: 'GET',
  path: '/api/auth/callback',
  access: publicAccess,
  query: z
    .object({
      code: singleLineText('The sign-in code').max(2048).optional(),
      state: singleLineText('The sign-in state').max(512).optional(),
      error: singleLineText('The sign-in error').max(256).optional(),
      error_description: singleLineText('The sign-in error description').max(1024).optional(),
      iss: singleLineText('The sign-in issuer').max(2048).optional(),
    })
    // Other parameters of the provider's redirect are passed on to it, so they are text too.
    .catchall(singleLineText('A sign-in parameter').max(2048)),
  response: z.object({
    success: z.literal(true),
    user: profileUserSchema,
    team: teamSchema,
    nextUrl: routeNameSchema.nullable(),
    /**
     * Set when the sign-in carried an invitation: `joined` (a new person joined the team; go to
     * Team) or `confirm` (they already have a team: go to the invite page, token included, to
     * confirm the move).
     */
    invitation: z
      .object({ outcome: z.enum(['joined', 'confirm']), token: z.string(), teamName: z.string() })
      .nullable()
      .default(null),
  }),
  errors: ['LOGIN_FAILED', 'BAD_GATEWAY', 'RATE_LIMITED'],
});
