/** Connection-level database failures: the same request may succeed once the database is back. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
]);

/**
 * True when an error (or its cause) says the database could not be reached or dropped the
 * connection, as opposed to a query the database refused: these answer 503 and are retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated/i.test(e.message))
      return true;
    e = e.cause ?? (e instanceof AggregateError ? e.errors[0] : undefined);
  }
  return false;
}
