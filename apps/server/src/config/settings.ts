import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOST_UNIT_MAP, formatHostUnitMap } from '@gds/contract';
import { parseTokenKeys } from './config-connectors.ts';
import type { TokenKey } from './config-connectors.ts';
import { REPO_ROOT } from './paths.ts';
import { deriveAppOrigins, parseOriginList, parseSkinHosts } from './config-parsers.ts';
import { setting, variable } from './setting.ts';
import {
  ConfigError,
  flag,
  optional,
  optionalText,
  positiveInt,
  wholeNumber,
  wrap,
} from './setting-values.ts';

/**
 * The server's own settings: its mode, where it listens, stores and is reached, who signs in,
 * logs and operations. Each declares its variables, their schemas, how its value is made, and
 * its row in the README (a test holds the README to these).
 */
export const SERVER_SETTINGS = {
  nodeEnv: variable(
    'NODE_ENV',
    optionalText.pipe(z.enum(['development', 'production', 'test']).default('development')),
    {
      table: 'configuration',
      default: '`development`',
      meaning:
        '`development`, `production` or `test`. Production turns the sandbox off unless `SANDBOX=1`.',
    },
  ),
  /** Demo mode: the sandbox providers are mounted under /sandbox. */
  sandbox: setting({
    variables: { SANDBOX: flag },
    // The sandbox signs anyone in: production gets it only when SANDBOX=1 says so explicitly.
    value: ({ SANDBOX }, { production }) => SANDBOX ?? !production,
    rows: [
      {
        table: 'configuration',
        variables: ['SANDBOX'],
        default: 'on, off in production',
        meaning:
          'Demo mode: the built-in sandbox sign-in and data-source providers. `1`/`0` (also true/false, on/off).',
      },
    ],
  }),
  google: setting({
    variables: { GOOGLE_CLIENT_ID: optionalText, GOOGLE_CLIENT_SECRET: optionalText },
    value: ({ GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET }) =>
      parseGoogle(GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET),
    rows: [
      {
        table: 'configuration',
        variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
        default: '–',
        meaning:
          'Both set: sign-in with Google (register `<origin>/login/callback` for every app origin). Neither, with the sandbox off: the server refuses to start.',
      },
    ],
  }),
  /** TOKEN_ENCRYPTION_KEYS; undefined in demo mode without it (keys kept under DATA_DIR). */
  tokenKeys: setting({
    variables: { TOKEN_ENCRYPTION_KEYS: optionalText },
    value: ({ TOKEN_ENCRYPTION_KEYS }): readonly TokenKey[] | undefined =>
      TOKEN_ENCRYPTION_KEYS
        ? wrap('TOKEN_ENCRYPTION_KEYS', () => parseTokenKeys(TOKEN_ENCRYPTION_KEYS))
        : undefined,
    rows: [
      {
        table: 'configuration',
        variables: ['TOKEN_ENCRYPTION_KEYS'],
        default: 'demo: generated',
        meaning:
          '`v1:<base64 of 32 bytes>,v2:…` (`openssl rand -base64 32`). Secrets are stored AES-256-GCM encrypted under the last key; older keys still decrypt. Read at start: add a key to every server, restart, `npm run rotate-keys`, then drop the old key. Required with the sandbox off; in demo mode a key is generated under `DATA_DIR/keys`.',
      },
    ],
  }),
  port: variable('PORT', wholeNumber(3000, 0, 65535), {
    table: 'configuration',
    default: '`3000`',
    meaning: 'Port to listen on.',
  }),
  host: variable('HOST', optionalText.pipe(z.string().default('127.0.0.1')), {
    table: 'configuration',
    default: '`127.0.0.1`',
    meaning: 'Interface to listen on (`0.0.0.0` in a container).',
  }),
  dataDir: setting({
    variables: { DATA_DIR: optionalText },
    value: ({ DATA_DIR }) => path.resolve(REPO_ROOT, DATA_DIR ?? 'data'),
    rows: [
      {
        table: 'configuration',
        variables: ['DATA_DIR'],
        default: '`<repo>/data`',
        meaning:
          'PGlite files (`DATA_DIR/db`) and demo keys (`DATA_DIR/keys`). Relative paths resolve against the repository root. One process at a time (lock `DATA_DIR/db.lock`).',
      },
    ],
  }),
  databaseUrl: variable(
    'DATABASE_URL',
    optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
    {
      table: 'configuration',
      default: '–',
      meaning: '`postgres://…`: use PostgreSQL instead of the embedded PGlite.',
    },
  ),
  /** Origin (plus optional path) the app is reached at, without a trailing slash. */
  publicUrl: setting({
    variables: { PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })) },
    value: ({ PUBLIC_URL }, { port }) =>
      (PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    rows: [
      {
        table: 'configuration',
        variables: ['PUBLIC_URL'],
        default: '`http://localhost:PORT`',
        meaning:
          "The server's own address (webhooks, the sandbox issuer `PUBLIC_URL/sandbox/oidc`, the connector's OAuth issuer); addresses built for a person are on their brand's origin (`APP_ORIGINS`). `https` makes the cookie `__Host-gds_session` + Secure.",
      },
    ],
  }),
  skinHosts: setting({
    variables: { SKIN_HOSTS: optionalText },
    value: ({ SKIN_HOSTS }) =>
      wrap('SKIN_HOSTS', () =>
        parseSkinHosts(SKIN_HOSTS ?? formatHostUnitMap(DEFAULT_HOST_UNIT_MAP)),
      ),
    rows: [
      {
        table: 'configuration',
        variables: ['SKIN_HOSTS'],
        default: '`raven.localhost=RAVEN_GDS,tapclicks.localhost=TAPCLICKS_GDS`',
        meaning: 'Host → business unit; other hosts are MEGALYTIC_GDS.',
      },
    ],
  }),
  /** Origins allowed to make state-changing requests and to receive sign-in redirects. */
  appOrigins: setting({
    variables: { APP_ORIGINS: optionalText },
    value: ({ APP_ORIGINS }, { publicUrl, skinHosts, port, sandbox }): readonly string[] =>
      APP_ORIGINS
        ? wrap('APP_ORIGINS', () => parseOriginList(APP_ORIGINS))
        : deriveAppOrigins({ publicUrl, skinHosts, port, sandbox }),
    rows: [
      {
        table: 'configuration',
        variables: ['APP_ORIGINS'],
        default: 'derived',
        meaning:
          "Comma-separated origins allowed to make changes and to receive redirects; links for a person are on the one they are on, or without a request on their brand's first (`PUBLIC_URL`'s if it serves it). Default: `PUBLIC_URL`'s origin, each `SKIN_HOSTS` host with its scheme and port, and `http://127.0.0.1:PORT` in demo mode.",
      },
    ],
  }),
  logLevel: variable(
    'LOG_LEVEL',
    optionalText.pipe(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    { table: 'configuration', default: '`info`', meaning: 'pino level (`silent` … `trace`).' },
  ),
  trustProxy: setting({
    variables: { TRUST_PROXY: optionalText },
    value: ({ TRUST_PROXY }) => parseTrustProxy(TRUST_PROXY),
    rows: [
      {
        table: 'configuration',
        variables: ['TRUST_PROXY'],
        default: 'off',
        meaning: '`true`, a hop count or addresses: trust `X-Forwarded-*` from a reverse proxy.',
      },
    ],
  }),
  /** METRICS_TOKEN: a bearer token that opens /metrics on the app's port; undefined: closed. */
  metricsToken: variable(
    'METRICS_TOKEN',
    optional(
      z
        .string()
        .min(16, 'must be at least 16 characters (e.g. the output of openssl rand -hex 24)'),
    ),
    {
      table: 'operations',
      default: '–',
      meaning:
        "Opens `GET /metrics` on the app's port to `Authorization: Bearer <token>` (at least 16 characters). Unset: `/metrics` does not exist.",
    },
    { secret: true },
  ),
  /** METRICS_PORT: a second port, on HOST, serving only /metrics without a token. */
  metricsPort: variable(
    'METRICS_PORT',
    optional(z.coerce.number<string>().int().min(1).max(65535)),
    {
      table: 'operations',
      default: '–',
      meaning:
        'A second port on `HOST` serving only `GET /metrics`, without a token, for a network only Prometheus reaches.',
    },
  ),
  /** Longest a SIGTERM waits for in-flight requests and background work before exiting. */
  shutdownTimeoutMs: setting({
    variables: { SHUTDOWN_TIMEOUT_SECONDS: positiveInt(25) },
    value: (e) => e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    rows: [
      {
        table: 'operations',
        variables: ['SHUTDOWN_TIMEOUT_SECONDS'],
        default: '`25`',
        meaning:
          'Longest wait for requests in flight after the drain; their connections are then closed.',
      },
    ],
  }),
  /**
   * After SIGTERM, how long /readyz answers 503 while requests are still served, so load
   * balancers take this instance out before it stops accepting (their check interval × fall).
   */
  shutdownDrainMs: setting({
    variables: { SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 0, 300) },
    value: (e) => e.SHUTDOWN_DRAIN_SECONDS * 1000,
    rows: [
      {
        table: 'operations',
        variables: ['SHUTDOWN_DRAIN_SECONDS'],
        default: '`0`',
        meaning:
          'After SIGTERM, `/readyz` fails while requests are still served this long, so the balancer takes the instance out first.',
      },
    ],
  }),
};

function parseGoogle(clientId: string | undefined, clientSecret: string | undefined) {
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (clientId)
    throw new ConfigError('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  if (clientSecret)
    throw new ConfigError('GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set');
  return undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
