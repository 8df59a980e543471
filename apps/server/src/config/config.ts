import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_GDS_REDIRECT_ALLOWLIST,
  DEFAULT_HOST_UNIT_MAP,
  STATS_MAX_RANGE_DAYS,
  formatHostUnitMap,
} from '@gds/contract';
import type { BusinessUnit, HostUnitMap } from '@gds/contract';
import {
  parseConnectorCredentials,
  parseRedirectAllowlist,
  parseTokenKeys,
} from './config-connectors.ts';
import type { ConnectorCredentials, TokenKey } from './config-connectors.ts';
import type { DataApiConfig, LookerStudioConfig } from './config-data-api.ts';
import {
  DEFAULT_LOOKER_STUDIO_CREATE_URL,
  lookerStudioRedirectUris,
  parseDataApiBaseUrls,
  parseDeployments,
} from './config-data-api.ts';
import { REPO_ROOT } from './paths.ts';
import {
  deriveAppOrigins,
  parseEmailList,
  parseGtagIds,
  parseOriginList,
  parseSkinHosts,
} from './config-parsers.ts';

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  /** Demo mode: the sandbox providers are mounted under /sandbox. */
  sandbox: boolean;
  /** Origin (plus optional path) the app is reached at, without a trailing slash. */
  publicUrl: string;
  skinHosts: HostUnitMap;
  /** Origins allowed to make state-changing requests and to receive sign-in redirects. */
  appOrigins: readonly string[];
  google: { clientId: string; clientSecret: string } | undefined;
  amchartLicense: string;
  chargebeeSite: string;
  /**
   * The real Chargebee (CHARGEBEE_API_KEY and the webhook's Basic credentials): required with
   * the sandbox off; undefined in demo mode, where the sandbox billing provider stands in.
   */
  chargebee: { apiKey: string; webhookUsername: string; webhookPassword: string } | undefined;
  /** Longest wait for one billing provider call. */
  billingTimeoutMs: number;
  /** How long a new team's trial lasts (TRIAL_DAYS). */
  trialDays: number;
  /** How often the provider's event list is read for webhooks that never arrived. */
  billingReconcileIntervalMs: number;
  gtagIds: Partial<Record<BusinessUnit, string>>;
  /** The chat vendor of units whose skin has a chat widget; undefined: the built-in launcher. */
  chatWidget: { scriptUrl: string; widgetId: string } | undefined;
  sessionIdleSeconds: number;
  logLevel: string;
  trustProxy: boolean | number | string;
  /** TOKEN_ENCRYPTION_KEYS; undefined in demo mode without it (keys kept under DATA_DIR). */
  tokenKeys: readonly TokenKey[] | undefined;
  /** Real provider registrations by connector nameSimple (CONNECTOR_<NAME>_CLIENT_ID, ...). */
  connectorCredentials: Readonly<Record<string, ConnectorCredentials>>;
  gdsRedirectAllowlist: readonly string[];
  /** Longest wait for one provider call during connect or refresh. */
  connectorTimeoutMs: number;
  refresh: { intervalMs: number; marginMs: number; maxAttempts: number };
  dataSourceRetentionDays: number;
  loginCheckIntervalMs: number;
  tokenCheckIntervalMs: number;
  /** Lifetime of the sandbox providers' access tokens (short in e2e runs to see refreshes). */
  sandboxTokenTtlSeconds: number;
  /** Accounts each sandbox login offers (e2e runs raise it to reach the plan's limit). */
  sandboxAccountsPerLogin: number;
  /** Added to each sandbox token answer (tests of several instances watch a refresh in flight). */
  sandboxTokenDelayMs: number;
  /** Sign-in starts and callbacks allowed per client IP per minute, across all instances. */
  rateLimitSignInPerMinute: number;
  /** Invitations created or resent per team per hour. */
  rateLimitInvitationsPerHour: number;
  /** Roles created, changed or deleted per team per hour. */
  rateLimitRoleChangesPerHour: number;
  /** Invitation pages read and invitations accepted per client IP per minute. */
  rateLimitInvitationLinksPerMinute: number;
  /** Client connect links created per team per hour. */
  rateLimitClientLinksPerHour: number;
  /** Client link pages read, connections started and results read per client IP per minute. */
  rateLimitClientLinkPagesPerMinute: number;
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); none: no mail. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail; undefined: the unit's support address under its brand name. */
  mailFrom: string | undefined;
  /** PLATFORM_ADMIN_EMAILS, lower-cased: who may use /admin and the admin user switch. */
  platformAdminEmails: readonly string[];
  dataApi: DataApiConfig;
  lookerStudio: LookerStudioConfig;
  /** METRICS_TOKEN: a bearer token that opens /metrics on the app's port; undefined: closed. */
  metricsToken: string | undefined;
  /** METRICS_PORT: a second port, on HOST, serving only /metrics without a token. */
  metricsPort: number | undefined;
  /** Longest a SIGTERM waits for in-flight requests and background work before exiting. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long /readyz answers 503 while requests are still served, so load
   * balancers take this instance out before it stops accepting (their check interval × fall).
   */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const flag = optionalText.pipe(
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: 'must be 1 or 0 (true/false)',
    })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(value),
    ),
);

const positiveInt = (fallback: number) =>
  optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).default(fallback));

const envSchema = z.object({
  PORT: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(65535).default(3000),
  ),
  HOST: optionalText.pipe(z.string().default('127.0.0.1')),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  NODE_ENV: optionalText.pipe(z.enum(['development', 'production', 'test']).default('development')),
  SANDBOX: flag,
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SKIN_HOSTS: optionalText,
  APP_ORIGINS: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  AMCHART_LICENSE: optionalText,
  CHARGEBEE_SITE: optionalText,
  CHARGEBEE_API_KEY: optionalText,
  CHARGEBEE_WEBHOOK_USERNAME: optionalText,
  CHARGEBEE_WEBHOOK_PASSWORD: optionalText,
  CHARGEBEE_TIMEOUT_MS: positiveInt(15_000),
  TRIAL_DAYS: positiveInt(14),
  BILLING_RECONCILE_INTERVAL_SECONDS: positiveInt(300),
  GTAG_IDS: optionalText,
  CHAT_WIDGET_SCRIPT_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
      .refine(isSafeScriptUrl, 'must be an https:// URL (http:// only on localhost)')
      .optional(),
  ),
  CHAT_WIDGET_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:-]{1,200}$/, "must be the vendor's widget id (letters, digits, . _ : -)")
      .optional(),
  ),
  SESSION_IDLE_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(1).default(7200),
  ),
  LOG_LEVEL: optionalText.pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: optionalText,
  TOKEN_ENCRYPTION_KEYS: optionalText,
  GDS_REDIRECT_ALLOWLIST: optionalText,
  CONNECTOR_TIMEOUT_MS: positiveInt(10_000),
  CONNECTOR_REFRESH_INTERVAL_SECONDS: positiveInt(60),
  CONNECTOR_REFRESH_MARGIN_SECONDS: positiveInt(300),
  CONNECTOR_REFRESH_MAX_ATTEMPTS: positiveInt(5),
  DATA_SOURCE_RETENTION_DAYS: positiveInt(30),
  LOGIN_CHECK_INTERVAL_SECONDS: positiveInt(300),
  TOKEN_CHECK_INTERVAL_SECONDS: positiveInt(600),
  SANDBOX_TOKEN_TTL_SECONDS: positiveInt(3600),
  SANDBOX_ACCOUNTS_PER_LOGIN: positiveInt(3),
  SANDBOX_TOKEN_DELAY_MS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(60_000).default(0),
  ),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_INVITATIONS_PER_HOUR: positiveInt(30),
  RATE_LIMIT_INVITATION_LINKS_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_ROLE_CHANGES_PER_HOUR: positiveInt(100),
  RATE_LIMIT_CLIENT_LINKS_PER_HOUR: positiveInt(30),
  RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE: positiveInt(30),
  // The URL carries the password: a bad value is reported without echoing it (see loadConfig).
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .max(320)
      .regex(
        /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an address such as "Acme <no-reply@acme.com>" or no-reply@acme.com',
      )
      .optional(),
  ),
  PLATFORM_ADMIN_EMAILS: optionalText,
  DATA_API_BASE_URLS: optionalText,
  DATA_API_PAGE_SIZE: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(100).max(50_000).default(5000),
  ),
  DATA_API_FRESHNESS_SECONDS: positiveInt(900),
  DATA_API_RESULT_TTL_SECONDS: positiveInt(3600),
  DATA_API_MAX_ATTEMPTS: positiveInt(5),
  DATA_API_RETRY_BASE_MS: positiveInt(2000),
  DATA_API_RATE_LIMIT_PER_MINUTE: positiveInt(300),
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
  LOOKER_STUDIO_CLIENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]{1,100}$/, 'must be letters, digits, . _ or - (at most 100)')
      .optional(),
  ),
  LOOKER_STUDIO_CLIENT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  ),
  LOOKER_STUDIO_SCRIPT_IDS: optionalText,
  LOOKER_STUDIO_REDIRECT_URIS: optionalText,
  LOOKER_STUDIO_CREATE_URL: optionalText.pipe(
    z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  ),
  LOOKER_STUDIO_DEPLOYMENTS: optionalText,
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters (e.g. the output of openssl rand -hex 24)')
      .optional(),
  ),
  METRICS_PORT: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(25),
  SHUTDOWN_DRAIN_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(300).default(0),
  ),
});

/** Variables whose value may hold a secret: a bad value is named but never repeated. */
const SECRET_VARIABLES = new Set([
  'SMTP_URL',
  'CHARGEBEE_API_KEY',
  'CHARGEBEE_WEBHOOK_USERNAME',
  'CHARGEBEE_WEBHOOK_PASSWORD',
  'LOOKER_STUDIO_CLIENT_SECRET',
  'METRICS_TOKEN',
]);

/** Reads and validates the environment; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got "${env[name] ?? ''}")`;
    throw new ConfigError(`${name}: ${issue?.message ?? 'invalid value'}${got}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // The sandbox signs anyone in: production gets it only when SANDBOX=1 says so explicitly.
  const sandbox = e.SANDBOX ?? !production;
  const google = parseGoogle(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const missing = missingSettings(e, { sandbox, production, google: google !== undefined });
  if (missing.length === 1) throw new ConfigError(missing[0] ?? '');
  if (missing.length > 1) {
    throw new ConfigError(
      `${missing.length} required settings are missing:\n${missing.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  const tokenKeys = e.TOKEN_ENCRYPTION_KEYS
    ? wrap('TOKEN_ENCRYPTION_KEYS', () => parseTokenKeys(e.TOKEN_ENCRYPTION_KEYS ?? ''))
    : undefined;
  const chargebee = parseChargebee(e, sandbox);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const skinHosts = wrap('SKIN_HOSTS', () =>
    parseSkinHosts(e.SKIN_HOSTS ?? formatHostUnitMap(DEFAULT_HOST_UNIT_MAP)),
  );
  const appOrigins = e.APP_ORIGINS
    ? wrap('APP_ORIGINS', () => parseOriginList(e.APP_ORIGINS ?? ''))
    : deriveAppOrigins({ publicUrl, skinHosts, port: e.PORT, sandbox });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    sandbox,
    publicUrl,
    skinHosts,
    appOrigins,
    google,
    amchartLicense: e.AMCHART_LICENSE ?? '',
    chargebeeSite: e.CHARGEBEE_SITE ?? '',
    chargebee,
    billingTimeoutMs: e.CHARGEBEE_TIMEOUT_MS,
    trialDays: e.TRIAL_DAYS,
    billingReconcileIntervalMs: e.BILLING_RECONCILE_INTERVAL_SECONDS * 1000,
    gtagIds: e.GTAG_IDS ? wrap('GTAG_IDS', () => parseGtagIds(e.GTAG_IDS ?? '')) : {},
    chatWidget: parseChatWidget(e.CHAT_WIDGET_SCRIPT_URL, e.CHAT_WIDGET_ID),
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    tokenKeys,
    connectorCredentials: wrapNamed(() => parseConnectorCredentials(env)),
    gdsRedirectAllowlist: e.GDS_REDIRECT_ALLOWLIST
      ? wrap('GDS_REDIRECT_ALLOWLIST', () => parseRedirectAllowlist(e.GDS_REDIRECT_ALLOWLIST ?? ''))
      : [...DEFAULT_GDS_REDIRECT_ALLOWLIST],
    connectorTimeoutMs: e.CONNECTOR_TIMEOUT_MS,
    refresh: {
      intervalMs: e.CONNECTOR_REFRESH_INTERVAL_SECONDS * 1000,
      marginMs: e.CONNECTOR_REFRESH_MARGIN_SECONDS * 1000,
      maxAttempts: e.CONNECTOR_REFRESH_MAX_ATTEMPTS,
    },
    dataSourceRetentionDays: e.DATA_SOURCE_RETENTION_DAYS,
    loginCheckIntervalMs: e.LOGIN_CHECK_INTERVAL_SECONDS * 1000,
    tokenCheckIntervalMs: e.TOKEN_CHECK_INTERVAL_SECONDS * 1000,
    sandboxTokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    sandboxAccountsPerLogin: e.SANDBOX_ACCOUNTS_PER_LOGIN,
    sandboxTokenDelayMs: e.SANDBOX_TOKEN_DELAY_MS,
    rateLimitSignInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    rateLimitInvitationsPerHour: e.RATE_LIMIT_INVITATIONS_PER_HOUR,
    rateLimitInvitationLinksPerMinute: e.RATE_LIMIT_INVITATION_LINKS_PER_MINUTE,
    rateLimitRoleChangesPerHour: e.RATE_LIMIT_ROLE_CHANGES_PER_HOUR,
    rateLimitClientLinksPerHour: e.RATE_LIMIT_CLIENT_LINKS_PER_HOUR,
    rateLimitClientLinkPagesPerMinute: e.RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    platformAdminEmails: e.PLATFORM_ADMIN_EMAILS
      ? wrap('PLATFORM_ADMIN_EMAILS', () => parseEmailList(e.PLATFORM_ADMIN_EMAILS ?? ''))
      : [],
    dataApi: {
      baseUrls: wrap('DATA_API_BASE_URLS', () =>
        parseDataApiBaseUrls(e.DATA_API_BASE_URLS, publicUrl),
      ),
      pageSize: e.DATA_API_PAGE_SIZE,
      freshnessMs: e.DATA_API_FRESHNESS_SECONDS * 1000,
      resultTtlMs: e.DATA_API_RESULT_TTL_SECONDS * 1000,
      maxAttempts: e.DATA_API_MAX_ATTEMPTS,
      retryBaseMs: e.DATA_API_RETRY_BASE_MS,
      perMinute: e.DATA_API_RATE_LIMIT_PER_MINUTE,
      workerIntervalMs: e.DATA_API_WORKER_INTERVAL_MS,
      requestRetentionDays: e.DATA_REQUEST_RETENTION_DAYS,
    },
    lookerStudio: {
      client: parseLookerStudioClient(e),
      createUrl: e.LOOKER_STUDIO_CREATE_URL ?? DEFAULT_LOOKER_STUDIO_CREATE_URL,
      deployments: wrap('LOOKER_STUDIO_DEPLOYMENTS', () =>
        parseDeployments(e.LOOKER_STUDIO_DEPLOYMENTS),
      ),
    },
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
  };
}

function parseLookerStudioClient(e: {
  LOOKER_STUDIO_CLIENT_ID?: string | undefined;
  LOOKER_STUDIO_CLIENT_SECRET?: string | undefined;
  LOOKER_STUDIO_SCRIPT_IDS?: string | undefined;
  LOOKER_STUDIO_REDIRECT_URIS?: string | undefined;
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

const CHARGEBEE_VARIABLES = [
  'CHARGEBEE_SITE',
  'CHARGEBEE_API_KEY',
  'CHARGEBEE_WEBHOOK_USERNAME',
  'CHARGEBEE_WEBHOOK_PASSWORD',
] as const;

/**
 * Every setting a real deployment cannot run without, each named with what to put there, so
 * one failed start lists them all instead of one per attempt.
 */
function missingSettings(
  e: { TOKEN_ENCRYPTION_KEYS?: string | undefined; PUBLIC_URL?: string | undefined } & {
    [name in (typeof CHARGEBEE_VARIABLES)[number]]?: string | undefined;
  },
  mode: { sandbox: boolean; production: boolean; google: boolean },
): string[] {
  if (mode.sandbox) return [];
  const missing: string[] = [];
  if (!mode.google) {
    const why =
      'sign-in needs Google credentials when the sandbox is off' +
      (mode.production
        ? ' (NODE_ENV=production turns the sandbox off unless SANDBOX=1 is set)'
        : '') +
      '; set both, or SANDBOX=1 for the built-in demo identity provider';
    missing.push(`GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: ${why}`);
  }
  // Demo mode may generate its own key; a real deployment must bring one (or it could not
  // read its stored tokens after moving machines).
  if (!e.TOKEN_ENCRYPTION_KEYS) {
    missing.push(
      'TOKEN_ENCRYPTION_KEYS: required when the sandbox is off, e.g. v1:<output of openssl rand -base64 32>',
    );
  }
  if (mode.production && !e.PUBLIC_URL) {
    missing.push(
      'PUBLIC_URL: required in production, the address the server is reached at (e.g. https://app.example.com); webhooks and the OAuth issuers are built from it',
    );
  }
  const chargebee = CHARGEBEE_VARIABLES.filter((name) => !e[name]);
  if (chargebee.length > 0) {
    missing.push(
      `${chargebee.join(', ')}: billing needs Chargebee when the sandbox is off; set ${chargebee.length > 1 ? 'them' : 'it'}, or SANDBOX=1 for the built-in billing sandbox`,
    );
  }
  return missing;
}

function parseGoogle(clientId: string | undefined, clientSecret: string | undefined) {
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (clientId)
    throw new ConfigError('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  if (clientSecret)
    throw new ConfigError('GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set');
  return undefined;
}

/**
 * Chargebee's settings: all four with the sandbox off (start-up names every one missing); in
 * demo mode the sandbox billing provider makes its own, so these are ignored.
 */
function parseChargebee(
  e: {
    CHARGEBEE_SITE?: string | undefined;
    CHARGEBEE_API_KEY?: string | undefined;
    CHARGEBEE_WEBHOOK_USERNAME?: string | undefined;
    CHARGEBEE_WEBHOOK_PASSWORD?: string | undefined;
  },
  sandbox: boolean,
): Config['chargebee'] {
  // missingSettings has already refused a start without all four.
  if (sandbox) return undefined;
  return {
    apiKey: e.CHARGEBEE_API_KEY ?? '',
    webhookUsername: e.CHARGEBEE_WEBHOOK_USERNAME ?? '',
    webhookPassword: e.CHARGEBEE_WEBHOOK_PASSWORD ?? '',
  };
}

/**
 * A script runs with the app's full rights, so it must arrive over https; plain http is only
 * accepted from this machine (a local stand-in for the vendor).
 */
function isSafeScriptUrl(value: string): boolean {
  const url = new URL(value);
  return (
    url.protocol === 'https:' ||
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
    url.hostname.endsWith('.localhost')
  );
}

/** Some vendors carry the widget id in the script address, so the id alone is optional. */
function parseChatWidget(scriptUrl: string | undefined, widgetId: string | undefined) {
  if (scriptUrl) return { scriptUrl, widgetId: widgetId ?? '' };
  if (widgetId) {
    throw new ConfigError(
      'CHAT_WIDGET_SCRIPT_URL: required when CHAT_WIDGET_ID is set (the vendor script to load)',
    );
  }
  return undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** For parsers whose messages already start with the variable's name. */
function wrapNamed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

function wrap<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
