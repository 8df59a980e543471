/** Timing and other business constants of the product. */

export const APP_VERSION = '1.2.0-auth';
export const LAZY_PAGE_LOAD_TIMEOUT_MS = 120_000;
export const PERSISTED_STATE_EXPIRY_MS = 43_200_000;
export const TOAST_DURATION_MS = 2_000;

/** Server-side session lifetime: absolute, whatever the activity. */
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60 * 1000;

/** Defaults of the app's timed checks (session and token); the server may configure them. */
export const DEFAULT_LOGIN_CHECK_INTERVAL_MS = 300_000;
export const DEFAULT_TOKEN_CHECK_INTERVAL_MS = 600_000;

/** HTTP status for an expired session, told apart from a missing one (401). */
export const SESSION_EXPIRED_STATUS = 440;

export const INVALID_FORMULA_MARKERS = ['SUM', 'AVG', 'N/A', 'undefined', 'masked'] as const;
export const CURRENCY_PREFIX = 'CURRENCY_';
export const LIVE_DATA_ENVIRONMENTS = ['patch', 'uat', 'qa'] as const;

/**
 * The families of Looker Studio's semantic types a person filters by: a field's exact type
 * (`CURRENCY_EUR`, `YEAR_MONTH_DAY`, `CITY`) is in `lookerStudioType`.
 */
export const FIELD_SEMANTIC_TYPES = [
  'currency',
  'percent',
  'duration',
  'date',
  'geo',
  'text',
  'number',
] as const;
export type FieldSemanticType = (typeof FIELD_SEMANTIC_TYPES)[number];
