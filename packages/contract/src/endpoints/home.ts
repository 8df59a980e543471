import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../endpoint.ts';
import { routeNameSchema } from './schemas.ts';

export const getConfig = defineEndpoint({
  name: 'getConfig',
  method: 'GET',
  path: '/api/home/config',
  access: publicAccess,
  response: z.object({
    config: z.object({
      GOOGLE_CLIENT_ID: z.string(),
      AMCHART_LICENSE: z.string(),
      CHARGEBEE_SITE: z.string(),
      /** The requesting unit's tag manager id; empty when none is configured. */
      gTagId: z.string(),
      /** True when sign-in goes to the built-in sandbox identity provider. */
      demoMode: z.boolean(),
    }),
  }),
  errors: [],
});

/** Starts sign-in: answers the identity provider's authorization address. */
export const login = defineEndpoint({
  name: 'login',
  method: 'POST',
  path: '/api/home/login',
  access: publicAccess,
  query: z.object({ nextUrl: routeNameSchema.optional() }),
  body: z.object({ partnerKey: z.string().trim().max(100).optional() }),
  response: z.object({ authUri: z.string() }),
  errors: ['RATE_LIMITED', 'BAD_GATEWAY'],
});

/** Ends the session if there is one; always succeeds so logging out can never loop. */
export const logout = defineEndpoint({
  name: 'logout',
  method: 'POST',
  path: '/api/home/logout',
  access: publicAccess,
  response: z.object({ success: z.literal(true) }),
  errors: [],
});
