import type { ProviderErrorReading } from '../reports/report-failures.ts';

/** Meta's Graph API error codes that mean something other than their HTTP status. */
const TOKEN_CODES = new Set([102, 190]);
const PERMISSION_CODES = new Set([10, 200]);
const THROTTLE_CODES = new Set([4, 17, 32, 341, 613, 80000, 80001, 80002, 80003, 80004, 80014]);
const TRANSIENT_CODES = new Set([1, 2]);

/**
 * Reads Meta's `error.code`: an expired or revoked token (190) and a missing permission are
 * the person's to fix by reconnecting; throttling (4, 17, 613, 80000-series) is a rate limit
 * though sent as 400; codes 1 and 2 are Meta's own outages.
 */
export const readMetaError: ProviderErrorReading = (status, body) => {
  if (status === 200) return undefined;
  const error = (body as { error?: { code?: unknown } } | undefined)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  if (code === undefined) return undefined;
  if (TOKEN_CODES.has(code) || PERMISSION_CODES.has(code)) return 'reconnect';
  if (THROTTLE_CODES.has(code)) return 'rate_limited';
  if (TRANSIENT_CODES.has(code)) return 'unavailable';
  return undefined;
};
