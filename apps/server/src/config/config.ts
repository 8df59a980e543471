import { z } from 'zod';
import type { Environment, Setting, SettingContext, ValuesOf } from './setting.ts';
import { ConfigError } from './setting-values.ts';
import { DATA_SETTINGS } from './settings-data.ts';
import { PRODUCT_SETTINGS } from './settings-product.ts';
import { SERVER_SETTINGS } from './settings.ts';

export { ConfigError } from './setting-values.ts';

/**
 * Every setting of the server, each declared once: its variables with their schemas, how its
 * value is made, and its documentation row. Declared in the order they are loaded: a setting
 * may read the mode's settings declared before it (SettingContext).
 */
export const SETTINGS = { ...SERVER_SETTINGS, ...PRODUCT_SETTINGS, ...DATA_SETTINGS };

/** Everything the server reads from the environment, validated once at start. */
export type Config = ValuesOf<typeof SETTINGS>;

type SettingKey = keyof typeof SETTINGS;

const ALL: ReadonlyArray<[SettingKey, Setting]> = Object.entries(SETTINGS) as Array<
  [SettingKey, Setting]
>;

/** Every variable's schema, in declaration order: the first bad one is the one reported. */
const envSchema = z.object(
  Object.fromEntries(ALL.flatMap(([, declared]) => Object.entries(declared.variables))),
);

/** Variables whose value may hold a secret: a bad value is named but never repeated. */
const SECRET_VARIABLES = new Set(ALL.flatMap(([, declared]) => declared.secret ?? []));

/** Loaded before the check of required settings, which depends on them. */
const MODE: readonly SettingKey[] = ['nodeEnv', 'sandbox', 'google'];

/** Reads and validates the environment; throws a ConfigError naming the bad variable. */
export function loadConfig(env: Environment = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got "${env[name] ?? ''}")`;
    throw new ConfigError(`${name}: ${issue?.message ?? 'invalid value'}${got}`);
  }
  const values = parsed.data as Record<string, unknown>;
  const config: Partial<Record<SettingKey, unknown>> = {};
  const loaded = <K extends SettingKey>(key: K): Config[K] => {
    if (!(key in config)) throw new Error(`The setting ${key} is read before it is loaded`);
    return config[key] as Config[K];
  };
  const context: SettingContext = {
    env,
    get production() {
      return loaded('nodeEnv') === 'production';
    },
    get sandbox() {
      return loaded('sandbox');
    },
    get port() {
      return loaded('port');
    },
    get publicUrl() {
      return loaded('publicUrl');
    },
    get skinHosts() {
      return loaded('skinHosts');
    },
  };
  const load = ([key, declared]: [SettingKey, Setting]) => {
    config[key] = declared.value(values, context);
  };
  ALL.filter(([key]) => MODE.includes(key)).forEach(load);
  const missing = missingSettings(values, {
    sandbox: context.sandbox,
    production: context.production,
    google: loaded('google') !== undefined,
  });
  if (missing.length === 1) throw new ConfigError(missing[0] ?? '');
  if (missing.length > 1) {
    throw new ConfigError(
      `${missing.length} required settings are missing:\n${missing.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  ALL.filter(([key]) => !MODE.includes(key)).forEach(load);
  return config as Config;
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
  e: Record<string, unknown>,
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
