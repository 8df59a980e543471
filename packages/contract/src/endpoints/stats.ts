import { z } from 'zod';
import { DATA_NOTICE_KINDS } from '../data-api.ts';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';

/** The longest range the Stats screen asks for at once, in days (a year and a leap day). */
export const STATS_MAX_RANGE_DAYS = 366;

const day = singleLineText('A date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    // Date.parse is lenient (Feb 30 becomes Mar 2): a real day reads back unchanged.
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'must be a real date');

/** An IANA time zone the browser reports (Intl), e.g. Europe/Paris. */
const timeZone = singleLineText('The time zone')
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as America/New_York');

/** A day of a series: the date (YYYY-MM-DD in the asked time zone) and the values of that day. */
const usageDaySchema = z.object({
  date: z.string(),
  /** Null for a day before the team's history starts. */
  used: z.number().int().nullable(),
  limit: z.number().int().nullable(),
});

const requestDaySchema = z.object({
  date: z.string(),
  requests: z.number().int(),
  rows: z.number().int(),
  failures: z.number().int(),
  /** Median duration of the day's requests; null on a day without requests. */
  medianDurationMs: z.number().int().nullable(),
  /** Calls made to the data sources' reporting APIs for the day's requests. */
  providerCalls: z.number().int(),
  /** Requests answered without a call of their own (a stored result, or an identical request's). */
  callsSaved: z.number().int(),
});

/**
 * Usage of the team over a date range, everything the Stats screen draws in one answer: each
 * chart of one range comes from this one request. Days are whole days in `timeZone`.
 */
export const getStats = defineEndpoint({
  name: 'getStats',
  method: 'GET',
  path: '/api/stats',
  access: privateAccess('view_stats'),
  query: z
    .object({ from: day, to: day, timeZone })
    .refine((q) => q.from <= q.to, {
      message: 'The start date must not be after the end date.',
      path: ['from'],
    })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_RANGE_DAYS, {
      message: `Choose a range of at most ${STATS_MAX_RANGE_DAYS} days.`,
      path: ['from'],
    }),
  response: z.object({
    range: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
    accounts: z.object({
      used: z.number().int(),
      limit: z.number().int(),
      byConnector: z.array(
        z.object({
          connector: z.string(),
          /** The catalog id, which picks the connector's mark. */
          connectorId: z.number().int(),
          name: z.string(),
          accounts: z.number().int(),
        }),
      ),
      daily: z.array(usageDaySchema),
    }),
    users: z.object({
      used: z.number().int(),
      limit: z.number().int(),
      daily: z.array(usageDaySchema),
    }),
    dataRequests: z.object({
      daily: z.array(requestDaySchema),
      /**
       * The first whole day (YYYY-MM-DD in the time zone) whose requests are still kept: the
       * log is purged after DATA_REQUEST_RETENTION_DAYS, so earlier days show none.
       */
      keptSince: z.string(),
      totals: z.object({
        requests: z.number().int(),
        rows: z.number().int(),
        failures: z.number().int(),
        medianDurationMs: z.number().int().nullable(),
        providerCalls: z.number().int(),
        callsSaved: z.number().int(),
      }),
    }),
    /** Accounts whose data requests failed in the range, most failures first (at most 10). */
    failingAccounts: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        connector: z.string(),
        connectorId: z.number().int(),
        failures: z.number().int(),
        lastReason: z.string(),
        lastFailedAt: z.string(),
      }),
    ),
    /**
     * Each account whose provider stated its quota in the last day or in the range: how close
     * it is to a limit now, the last 24 hours by quota (what the hour's calls spent and what
     * was left after), what its reports spent per day of the range, and whose reports spent it.
     */
    providerQuota: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        connector: z.string(),
        connectorId: z.number().int(),
        /** near: little is left of a quota; over: reports wait for it to refresh. */
        standing: z.enum(['ok', 'near', 'over']),
        hours: z.array(
          z.object({
            hour: z.string(),
            /** The quota as people name it (tokens per hour, Ads Insights calls). */
            quota: z.string(),
            calls: z.number().int(),
            spent: z.number().nullable(),
            remaining: z.number().nullable(),
            usedPct: z.number().nullable(),
          }),
        ),
        days: z.array(
          z.object({ date: z.string(), spent: z.number(), requests: z.number().int() }),
        ),
        /** Who ran the reports that spent it (members, or a deleted one), most first. */
        spentBy: z.array(
          z.object({ name: z.string(), requests: z.number().int(), spent: z.number() }),
        ),
      }),
    ),
    /** Accounts whose figures the provider said were not exact in the range, by kind. */
    dataNotices: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        connector: z.string(),
        connectorId: z.number().int(),
        kind: z.enum(DATA_NOTICE_KINDS),
        message: z.string(),
        requests: z.number().int(),
        lastAt: z.string(),
      }),
    ),
    /** Every credential of the team (users read "login") with its last token refresh. */
    credentials: z.array(
      z.object({
        id: z.string(),
        connector: z.string(),
        connectorId: z.number().int(),
        name: z.string(),
        status: z.string(),
        statusReason: z.string().nullable(),
        lastRefreshedAt: z.string().nullable(),
        accounts: z.number().int(),
      }),
    ),
  }),
  errors: ['VALIDATION_FAILED'],
});
