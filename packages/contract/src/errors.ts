/** Every error the API answers, with its HTTP status. Bodies are `{ error: { code, message } }`. */
export const ERROR_STATUS = {
  /** The request itself is malformed: its address, its HTTP, or a missing Host header. */
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  LOGIN_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BUSINESS_UNIT_INVALID: 403,
  BUSINESS_UNIT_MISMATCH: 403,
  ORIGIN_NOT_ALLOWED: 403,
  /**
   * The team's trial has ended or its subscription was cancelled: growing (new connections,
   * invitations) waits for a plan; the message names Billing. Nothing connected is lost.
   */
  SUBSCRIPTION_INACTIVE: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** The plan's user or account limit is reached; the message names Billing. */
  PLAN_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  EXPECTATION_FAILED: 417,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  SESSION_EXPIRED: 440,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** What every refused or failed API request answers (the server's one error handler). */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    /** For VALIDATION_FAILED: the field that is wrong, as a dotted path. */
    field?: string | undefined;
    /** The id this request has in the server's log lines: quoted to support, it finds them. */
    requestId?: string | undefined;
  };
}

/**
 * Reads an error answer without zod (the web app's first page does without it): the body when
 * it is an ErrorBody, with only the fields ErrorBody names, else null (a proxy's HTML page, a
 * crash's empty answer). error-body-schema.test.ts holds it to errorBodySchema.
 */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, field, requestId } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (!isOptionalString(field) || !isOptionalString(requestId)) return null;
  const error: ErrorBody['error'] = { code, message };
  if (field !== undefined) error.field = field;
  if (requestId !== undefined) error.requestId = requestId;
  return { error };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

/** User-visible strings of the product's error catalogue, verbatim (double spaces included). */
export const MESSAGES = {
  loggedOutInactivity: 'You have been logged out due to inactivity.  Please log-in again',
  connectionFailed: 'Could not make a connection.  Please try again',
  connectionError: (error: string) => `Could not make a connection: ${error}`,
  accountNotValid: (connector: string) => `${connector} account was not valid`,
  accountConnected: (connector: string) => `Your ${connector} account was connected`,
} as const;
