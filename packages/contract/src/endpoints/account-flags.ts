import { z } from 'zod';
import { DATA_NOTICE_KINDS } from '../data-api.ts';
import { defineEndpoint, privateAccess } from '../endpoint.ts';

/** How many days of notices the Data Sources screen flags an account for. */
export const ACCOUNT_NOTICE_DAYS = 7;

/**
 * What the Data Sources screen flags on an account row: its provider's quota near or past a
 * limit now, and what its provider said about its figures in the last week. Only accounts
 * with something to flag are listed. Any member sees it, as they see the screen; the details
 * (hours, spenders) stay on Stats.
 */
export const getAccountFlags = defineEndpoint({
  name: 'getAccountFlags',
  method: 'GET',
  path: '/api/dataSources/accountFlags',
  access: privateAccess(),
  response: z.object({
    accounts: z.array(
      z.object({
        accountId: z.string(),
        /** Null when every quota of the account is well within its limit. */
        quota: z
          .object({
            /** near: 80 % or more of a limit is spent; over: reports wait for it to refresh. */
            standing: z.enum(['near', 'over']),
            /** The quota as people name it (tokens per hour, Ads Insights calls). */
            quota: z.string(),
            /** When over: when reports of the account run again (ISO time). */
            resumesAt: z.string().nullable(),
          })
          .nullable(),
        /** The notices of the account's data requests in the last week, by kind. */
        notices: z.array(
          z.object({
            kind: z.enum(DATA_NOTICE_KINDS),
            /** Data requests that carried it. */
            requests: z.number().int(),
            lastAt: z.string(),
          }),
        ),
      }),
    ),
  }),
  errors: [],
});
