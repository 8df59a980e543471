import { redactValues } from '../../http/log-redaction.ts';
import { ReportError } from './report-fetcher.ts';
import type { ReportFailureKind } from './report-fetcher.ts';

/**
 * A provider's own reading of an error answer, where its status alone misleads (Meta answers
 * an expired token and a rate limit with 400, TikTok puts errors in a 200). Undefined: judge
 * by the status.
 */
export type ProviderErrorReading = (status: number, body: unknown) => ReportFailureKind | undefined;

/** Waited when a provider limits us without saying for how long. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
const MAX_REASON_LENGTH = 300;

/** The failure an error answer means, with a message a person can act on. */
export function failureOf(
  scope: {
    connectorName: string;
    secrets: readonly string[];
    readError?: ProviderErrorReading;
  },
  status: number,
  body: unknown,
  retryAfter: string | null,
): ReportError {
  const name = scope.connectorName;
  const kind = scope.readError?.(status, body) ?? kindOfStatus(status);
  switch (kind) {
    case 'reconnect':
      return new ReportError(
        'reconnect',
        `${name} no longer accepts the saved login. Reconnect ${name} in Data Sources.`,
      );
    case 'rate_limited': {
      const waitMs = retryAfterMs(retryAfter) ?? DEFAULT_RETRY_AFTER_MS;
      return new ReportError(
        'rate_limited',
        `${name} is limiting requests right now. Trying again in ${Math.ceil(waitMs / 1000)} seconds.`,
        waitMs,
      );
    }
    case 'unavailable':
      return new ReportError(
        'unavailable',
        `${name} is unavailable right now (it answered ${status}). Try again in a few minutes.`,
      );
    case 'invalid_request': {
      // Secrets out before cutting to length: a cut secret could no longer be recognised.
      const raw = readReason(body);
      // Its own closing stop goes: the sentence around it ends the quote.
      const reason =
        raw === undefined ? undefined : cut(redactValues(raw, scope.secrets)).replace(/\.+$/, '');
      return new ReportError(
        'invalid_request',
        `${name} refused this report${reason ? `: ${reason}` : ` (it answered ${status})`}. Change the fields or dates and try again.`,
      );
    }
  }
}

function kindOfStatus(status: number): ReportFailureKind {
  if (status === 401 || status === 403) return 'reconnect';
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'unavailable';
  return 'invalid_request';
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in ms; undefined when absent or past. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) || at <= now ? undefined : at - now;
}

/**
 * The human reason in an error answer, from the places providers put it: Google's
 * error.message, Meta's error.message, LinkedIn's message, OAuth's error_description,
 * Microsoft's Errors[0].Message, X's errors[0].message. One line, as sent (secrets and all).
 */
export function readReason(body: unknown): string | undefined {
  if (typeof body === 'string') return oneLine(body.startsWith('<') ? '' : body);
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const candidates: unknown[] = [
    nested(record.error, 'message'),
    record.error_description,
    record.message,
    nested(first(record.errors), 'message'),
    nested(first(record.Errors), 'Message'),
    nested(first(record.OperationErrors), 'Message'),
    typeof record.error === 'string' ? record.error : undefined,
  ];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  return found === undefined ? undefined : oneLine(found);
}

const nested = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);

function oneLine(text: string): string | undefined {
  const line = text.replace(/\s+/g, ' ').trim();
  return line === '' ? undefined : line;
}

const cut = (line: string) =>
  line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 1)}…` : line;
