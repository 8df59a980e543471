import { z } from 'zod';
import { DEFAULT_LOGIN_CHECK_INTERVAL_MS, DEFAULT_TOKEN_CHECK_INTERVAL_MS } from '../constants.ts';
import { DATA_API_ENVIRONMENTS } from '../data-api.ts';
import { defineEndpoint, privateAccess, publicAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { linkTokenSchema } from './invitations.ts';
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
      /** How often the app checks that the sign-in is still valid (GET /api/home/session). */
      loginCheckIntervalMs: z.number().int().positive().default(DEFAULT_LOGIN_CHECK_INTERVAL_MS),
      /** How often the app refreshes data-source health (GET /api/dataSources/groupedData). */
      tokenCheckIntervalMs: z.number().int().positive().default(DEFAULT_TOKEN_CHECK_INTERVAL_MS),
      /**
       * Where a connection started from a dashboard tool may return to (origins or URL
       * prefixes). The server applies it when a connection starts (isAllowedReturnAddress).
       */
      gdsRedirectAllowlist: z.array(z.string()).default([]),
      /**
       * The chat vendor's script and widget id (CHAT_WIDGET_SCRIPT_URL, CHAT_WIDGET_ID), answered
       * only to units whose skin has a chat widget. Null: the built-in launcher to the support
       * email.
       */
      chatWidget: z
        .object({ scriptUrl: z.string(), widgetId: z.string() })
        .nullable()
        .default(null),
      /** Where the data API answers in each environment (DATA_API_BASE_URLS), for the connector. */
      dataApiBaseUrls: z.partialRecord(z.enum(DATA_API_ENVIRONMENTS), z.string()).default({}),
      /**
       * "Open in Looker Studio" per connector nameSimple: the connector-creation URL of its
       * deployment, or in demo mode the sample connector's documentation. Absent: no link.
       */
      lookerStudioUrls: z.record(z.string(), z.string()).default({}),
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
  body: z.object({
    partnerKey: singleLineText('The partner key').trim().max(100).optional(),
    /**
     * An invitation link's token: signing in with the invited email joins that team instead of
     * creating a new one (a person who already has a team confirms the move on the invite page).
     */
    invitation: linkTokenSchema.optional(),
  }),
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

/**
 * When the caller's session ends: `expiresAt` (12 hours after sign-in) and `idleExpiresAt`
 * (last activity + idle limit). Passive: asking does not count as activity, so the app's timed
 * sign-in check never keeps a session alive. An ended session answers 440 as everywhere.
 */
export const getSession = defineEndpoint({
  name: 'getSession',
  method: 'GET',
  path: '/api/home/session',
  access: privateAccess(),
  passive: true,
  response: z.object({ expiresAt: z.string(), idleExpiresAt: z.string() }),
  errors: [],
});
