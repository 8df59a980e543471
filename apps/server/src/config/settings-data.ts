import { z } from 'zod';
import { DEFAULT_GDS_REDIRECT_ALLOWLIST, STATS_MAX_RANGE_DAYS } from '@gds/contract';
import { parseConnectorCredentials, parseRedirectAllowlist } from './config-connectors.ts';
import type { ConnectorCredentials } from './config-connectors.ts';
import type { DataApiConfig, LookerStudioConfig } from './config-data-api.ts';
import {
  DEFAULT_LOOKER_STUDIO_CREATE_URL,
  lookerStudioRedirectUris,
  parseDataApiBaseUrls,
  parseDeployments,
} from './config-data-api.ts';
import { setting } from './setting.ts';
import {
  ConfigError,
  optional,
  optionalText,
  positiveInt,
  wholeNumber,
  wrap,
  wrapNamed,
} from './setting-values.ts';

/**
 * The settings of data sources (connectors' registrations, refresh, the sandbox providers)
 * and of the data API with its Looker Studio connector. Rows of the data API's are in
 * docs/data-api.md; the others in the README's Configuration table.
 */
export const DATA_SETTINGS = {
  /** Real provider registrations by connector nameSimple (CONNECTOR_<NAME>_CLIENT_ID, ...). */
  connectorCredentials: setting({
    // A family of variables, one set per OAuth connector: read from the whole environment.
    variables: {},
    value: (_values, { env }): Readonly<Record<string, ConnectorCredentials>> =>
      wrapNamed(() => parseConnectorCredentials(env)),
    rows: [
      {
        table: 'configuration',
        variables: ['CONNECTOR_<NAME>_CLIENT_ID', 'CONNECTOR_<NAME>_CLIENT_SECRET'],
        default: '–',
        meaning:
          "A connector's OAuth app at its real provider. `<NAME>` is the connector's `nameSimple` in upper snake case (`google-analytics` → `CONNECTOR_GOOGLE_ANALYTICS_CLIENT_ID`). Register `<each app origin>/oauth/<nameSimple>/callback` as redirect URI. Set: the real provider; unset: the sandbox in demo mode, else not offered. Etsy needs no secret.",
      },
      {
        table: 'configuration',
        variables: ['CONNECTOR_<NAME>_DEVELOPER_TOKEN'],
        default: '–',
        meaning:
          'Google Ads and Microsoft Advertising: the API developer token, required with their client id.',
      },
    ],
  }),
  gdsRedirectAllowlist: setting({
    variables: { GDS_REDIRECT_ALLOWLIST: optionalText },
    value: ({ GDS_REDIRECT_ALLOWLIST }): readonly string[] =>
      GDS_REDIRECT_ALLOWLIST
        ? wrap('GDS_REDIRECT_ALLOWLIST', () => parseRedirectAllowlist(GDS_REDIRECT_ALLOWLIST))
        : [...DEFAULT_GDS_REDIRECT_ALLOWLIST],
    rows: [
      {
        table: 'configuration',
        variables: ['GDS_REDIRECT_ALLOWLIST'],
        default: "Looker Studio's",
        meaning:
          'Comma-separated origins or URL prefixes a connection started from a dashboard tool may return to. Default `https://lookerstudio.google.com/,https://datastudio.google.com/,https://script.google.com/macros/`.',
      },
    ],
  }),
  /** Longest wait for one provider call during connect or refresh. */
  connectorTimeoutMs: setting({
    variables: { CONNECTOR_TIMEOUT_MS: positiveInt(10_000) },
    value: (e) => e.CONNECTOR_TIMEOUT_MS,
    rows: [
      {
        table: 'configuration',
        variables: ['CONNECTOR_TIMEOUT_MS'],
        default: '`10000`',
        meaning: 'Longest wait for a provider during one connect (all its calls) or one refresh.',
      },
    ],
  }),
  refresh: setting({
    variables: {
      CONNECTOR_REFRESH_INTERVAL_SECONDS: positiveInt(60),
      CONNECTOR_REFRESH_MARGIN_SECONDS: positiveInt(300),
      CONNECTOR_REFRESH_MAX_ATTEMPTS: positiveInt(5),
    },
    value: (e) => ({
      intervalMs: e.CONNECTOR_REFRESH_INTERVAL_SECONDS * 1000,
      marginMs: e.CONNECTOR_REFRESH_MARGIN_SECONDS * 1000,
      maxAttempts: e.CONNECTOR_REFRESH_MAX_ATTEMPTS,
    }),
    rows: [
      {
        table: 'configuration',
        variables: ['CONNECTOR_REFRESH_INTERVAL_SECONDS'],
        default: '`60`',
        meaning:
          'How often each instance looks for tokens to refresh; also the first back-off step after a provider failure (doubling, at most 1 h).',
      },
      {
        table: 'configuration',
        variables: ['CONNECTOR_REFRESH_MARGIN_SECONDS'],
        default: '`300`',
        meaning: 'Access tokens expiring within this margin are refreshed.',
      },
      {
        table: 'configuration',
        variables: ['CONNECTOR_REFRESH_MAX_ATTEMPTS'],
        default: '`5`',
        meaning: 'Failed refreshes in a row (provider down) before a login shows status `error`.',
      },
    ],
  }),
  dataSourceRetentionDays: setting({
    variables: { DATA_SOURCE_RETENTION_DAYS: positiveInt(30) },
    value: (e) => e.DATA_SOURCE_RETENTION_DAYS,
    rows: [
      {
        table: 'configuration',
        variables: ['DATA_SOURCE_RETENTION_DAYS'],
        default: '`30`',
        meaning: 'Deleted accounts can be restored this long, then the hourly job purges them.',
      },
    ],
  }),
  /** Lifetime of the sandbox providers' access tokens (short in e2e runs to see refreshes). */
  sandboxTokenTtlSeconds: setting({
    variables: { SANDBOX_TOKEN_TTL_SECONDS: positiveInt(3600) },
    value: (e) => e.SANDBOX_TOKEN_TTL_SECONDS,
    rows: [
      {
        table: 'configuration',
        variables: ['SANDBOX_TOKEN_TTL_SECONDS'],
        default: '`3600`',
        meaning:
          'Lifetime of sandbox access tokens (a small value makes the demo refresh constantly, e.g. in e2e runs).',
      },
    ],
  }),
  /** Accounts each sandbox login offers (e2e runs raise it to reach the plan's limit). */
  sandboxAccountsPerLogin: setting({
    variables: { SANDBOX_ACCOUNTS_PER_LOGIN: positiveInt(3) },
    value: (e) => e.SANDBOX_ACCOUNTS_PER_LOGIN,
    rows: [
      {
        table: 'configuration',
        variables: ['SANDBOX_ACCOUNTS_PER_LOGIN'],
        default: '`3`',
        meaning:
          'Accounts each sandbox login offers on its consent page (where a login has a list of accounts).',
      },
    ],
  }),
  /** Added to each sandbox token answer (tests of several instances watch a refresh in flight). */
  sandboxTokenDelayMs: setting({
    variables: { SANDBOX_TOKEN_DELAY_MS: wholeNumber(0, 0, 60_000) },
    value: (e) => e.SANDBOX_TOKEN_DELAY_MS,
    rows: [
      {
        table: 'configuration',
        variables: ['SANDBOX_TOKEN_DELAY_MS'],
        default: '`0`',
        meaning:
          'Milliseconds the sandbox token endpoint waits before answering (tests of several instances watch a refresh in flight).',
      },
    ],
  }),
  dataApi: setting({
    variables: {
      DATA_API_BASE_URLS: optionalText,
      DATA_API_PAGE_SIZE: wholeNumber(5000, 100, 50_000),
      DATA_API_FRESHNESS_SECONDS: positiveInt(900),
      DATA_API_RESULT_TTL_SECONDS: positiveInt(3600),
      DATA_API_MAX_ATTEMPTS: positiveInt(5),
      DATA_API_RETRY_BASE_MS: positiveInt(2000),
      // Sized for a 20-chart report opened by 10 viewers at once (docs/data-api.md, Limits).
      DATA_API_RATE_LIMIT_PER_MINUTE: positiveInt(3000),
      DATA_API_TEAM_RATE_LIMIT_PER_MINUTE: positiveInt(6000),
      DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE: positiveInt(1000),
      DATA_API_WORKER_INTERVAL_MS: positiveInt(1000),
      // Shorter would empty the far end of the Stats screen's longest range.
      DATA_REQUEST_RETENTION_DAYS: optionalText.pipe(
        z.coerce
          .number<string | undefined>()
          .int()
          .min(
            STATS_MAX_RANGE_DAYS,
            `must be at least ${STATS_MAX_RANGE_DAYS}: the Stats screen shows up to a year of data requests`,
          )
          .default(400),
      ),
      REPORT_DAYS_RETENTION_DAYS: wholeNumber(400, 1, 3650),
      REPORT_DAYS_MAX_PER_TEAM: wholeNumber(200_000, 0, 100_000_000),
    },
    value: (e, { publicUrl }): DataApiConfig => ({
      baseUrls: wrap('DATA_API_BASE_URLS', () =>
        parseDataApiBaseUrls(e.DATA_API_BASE_URLS, publicUrl),
      ),
      pageSize: e.DATA_API_PAGE_SIZE,
      freshnessMs: e.DATA_API_FRESHNESS_SECONDS * 1000,
      resultTtlMs: e.DATA_API_RESULT_TTL_SECONDS * 1000,
      maxAttempts: e.DATA_API_MAX_ATTEMPTS,
      retryBaseMs: e.DATA_API_RETRY_BASE_MS,
      perMinute: e.DATA_API_RATE_LIMIT_PER_MINUTE,
      teamPerMinute: e.DATA_API_TEAM_RATE_LIMIT_PER_MINUTE,
      accountJobsPerMinute: e.DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE,
      workerIntervalMs: e.DATA_API_WORKER_INTERVAL_MS,
      requestRetentionDays: e.DATA_REQUEST_RETENTION_DAYS,
      reportDaysRetentionDays: e.REPORT_DAYS_RETENTION_DAYS,
      reportDaysMaxPerTeam: e.REPORT_DAYS_MAX_PER_TEAM,
    }),
    rows: [
      {
        table: 'configuration',
        variables: ['DATA_REQUEST_RETENTION_DAYS'],
        default: '`400`',
        meaning:
          'The data request log (the Stats screen’s Data requests) keeps this many days, then the hourly job purges older entries. At least 366, so the Stats screen’s longest range stays whole.',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_BASE_URLS'],
        default: 'production = `PUBLIC_URL/api/data/v1`',
        meaning: 'Base per environment',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_PAGE_SIZE'],
        default: '5000',
        meaning: 'Rows per page',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_FRESHNESS_SECONDS'],
        default: '900',
        meaning: 'Identical requests answered from the stored result',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_RESULT_TTL_SECONDS'],
        default: '3600',
        meaning: 'How long results are kept',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_MAX_ATTEMPTS'],
        default: '5',
        meaning: 'Tries per job (rate limits, outages)',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_RETRY_BASE_MS'],
        default: '2000',
        meaning: 'First back-off, doubled each try',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_RATE_LIMIT_PER_MINUTE'],
        default: '3000',
        meaning: 'Calls per grant per minute',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_TEAM_RATE_LIMIT_PER_MINUTE'],
        default: '6000',
        meaning: 'Calls per team (all its grants) per minute',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_ACCOUNT_RATE_LIMIT_PER_MINUTE'],
        default: '1000',
        meaning: 'Jobs started per account per minute',
      },
      {
        table: 'data-api',
        variables: ['DATA_API_WORKER_INTERVAL_MS'],
        default: '1000',
        meaning: 'How often each instance looks for jobs',
      },
      {
        table: 'data-api',
        variables: ['DATA_REQUEST_RETENTION_DAYS'],
        default: '400',
        meaning: 'Days the request log is kept',
      },
      {
        table: 'data-api',
        variables: ['REPORT_DAYS_RETENTION_DAYS'],
        default: '400',
        meaning: 'Days a stored report day is kept after it was fetched',
      },
      {
        table: 'data-api',
        variables: ['REPORT_DAYS_MAX_PER_TEAM'],
        default: '200000',
        meaning: 'Stored report days per team; the oldest go past it',
      },
    ],
  }),
  lookerStudio: setting({
    variables: {
      LOOKER_STUDIO_CLIENT_ID: optional(
        z.string().regex(/^[\w.-]{1,100}$/, 'must be letters, digits, . _ or - (at most 100)'),
      ),
      LOOKER_STUDIO_CLIENT_SECRET: optional(
        z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)'),
      ),
      LOOKER_STUDIO_SCRIPT_IDS: optionalText,
      LOOKER_STUDIO_REDIRECT_URIS: optionalText,
      LOOKER_STUDIO_CREATE_URL: optional(
        z.url({ protocol: /^https$/, error: 'must be an https:// URL' }),
      ),
      LOOKER_STUDIO_DEPLOYMENTS: optionalText,
    },
    value: (e): LookerStudioConfig => ({
      client: parseLookerStudioClient(e),
      createUrl: e.LOOKER_STUDIO_CREATE_URL ?? DEFAULT_LOOKER_STUDIO_CREATE_URL,
      deployments: wrap('LOOKER_STUDIO_DEPLOYMENTS', () =>
        parseDeployments(e.LOOKER_STUDIO_DEPLOYMENTS),
      ),
    }),
    rows: [
      {
        table: 'data-api',
        variables: ['LOOKER_STUDIO_CLIENT_ID', 'LOOKER_STUDIO_CLIENT_SECRET'],
        default: 'none',
        meaning: "The connector's OAuth client",
      },
      {
        table: 'data-api',
        variables: ['LOOKER_STUDIO_SCRIPT_IDS'],
        default: 'none',
        meaning: 'Apps Script ids (their usercallback is the redirect URI)',
      },
      {
        table: 'data-api',
        variables: ['LOOKER_STUDIO_REDIRECT_URIS'],
        default: 'none',
        meaning: 'Extra redirect URIs (https, or http on localhost)',
      },
      {
        table: 'data-api',
        variables: ['LOOKER_STUDIO_CREATE_URL'],
        default: '`https://lookerstudio.google.com/datasources/create?connectorId=`',
        meaning: 'Connector-creation URL base',
      },
      {
        table: 'data-api',
        variables: ['LOOKER_STUDIO_DEPLOYMENTS'],
        default: 'none',
        meaning: '`connector=deploymentId,…` for "Open in Looker Studio"',
      },
    ],
    secret: ['LOOKER_STUDIO_CLIENT_SECRET'],
  }),
};

function parseLookerStudioClient(e: {
  LOOKER_STUDIO_CLIENT_ID: string | undefined;
  LOOKER_STUDIO_CLIENT_SECRET: string | undefined;
  LOOKER_STUDIO_SCRIPT_IDS: string | undefined;
  LOOKER_STUDIO_REDIRECT_URIS: string | undefined;
}): LookerStudioConfig['client'] {
  const clientId = e.LOOKER_STUDIO_CLIENT_ID;
  const clientSecret = e.LOOKER_STUDIO_CLIENT_SECRET;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId) throw new ConfigError('LOOKER_STUDIO_CLIENT_ID: required with its secret');
  if (!clientSecret) {
    throw new ConfigError('LOOKER_STUDIO_CLIENT_SECRET: required with LOOKER_STUDIO_CLIENT_ID');
  }
  const redirectUris = wrap('LOOKER_STUDIO_SCRIPT_IDS', () =>
    lookerStudioRedirectUris(e.LOOKER_STUDIO_SCRIPT_IDS, e.LOOKER_STUDIO_REDIRECT_URIS),
  );
  if (redirectUris.length === 0) {
    throw new ConfigError(
      "LOOKER_STUDIO_SCRIPT_IDS: name the connector's Apps Script id (its OAuth redirect), or LOOKER_STUDIO_REDIRECT_URIS",
    );
  }
  return { clientId, clientSecret, redirectUris };
}
