import http from 'node:http';
import https from 'node:https';
import type { WebhookAddressRules } from './webhook-address.ts';
import { checkWebhookUrl, guardedLookup } from './webhook-address.ts';

/** How one attempt went, for the delivery log. */
export interface WebhookAttempt {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  /** Why it failed, for a person; null when delivered. */
  error: string | null;
}

/** At most this much of an answer is read: a receiver's answer is only its status to us. */
const ANSWER_CAP_BYTES = 16 * 1024;

/**
 * Posts one signed delivery. The address is checked again (a literal address never goes through
 * DNS) and every address its host resolves to is checked on the connection itself; the whole
 * exchange must end within `timeoutMs`, redirects are not followed (a 3xx is a failure: the
 * receiver must name its final address), and the answer is read up to a small cap.
 */
export function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  rules: WebhookAddressRules;
  timeoutMs: number;
  now: () => number;
}): Promise<WebhookAttempt> {
  const started = input.now();
  const ended = (ok: boolean, httpStatus: number | null, error: string | null): WebhookAttempt => ({
    ok,
    httpStatus,
    durationMs: Math.max(0, Math.round(input.now() - started)),
    error,
  });
  let url: URL;
  try {
    url = checkWebhookUrl(input.url, input.rules);
  } catch (error) {
    return Promise.resolve(ended(false, null, `Refused: ${(error as Error).message}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'gds-webhooks/1',
        },
        lookup: guardedLookup(input.rules),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The status is all we need; a receiver that keeps talking is cut off.
          if (read > ANSWER_CAP_BYTES) response.destroy();
        });
        const done = () =>
          finish(
            status >= 200 && status < 300
              ? ended(true, status, null)
              : ended(false, status, `The webhook answered HTTP ${status}.`),
          );
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(ended(false, null, `No answer within ${input.timeoutMs / 1000} seconds.`));
      request.destroy();
    }, input.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish(ended(false, null, failureReason(url, error)));
    });
    request.end(input.body);
  });
}

/** A network failure said for a person, naming the host but never the body or headers. */
function failureReason(url: URL, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRREFUSED':
      return `Refused: ${error.message}; the webhook must be reachable on the internet, not a private or local network.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${url.hostname} could not be found (DNS).`;
    case 'ECONNREFUSED':
      return `${url.host} refused the connection.`;
    case 'ECONNRESET':
      return `${url.host} closed the connection.`;
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')
        ? `${url.host} has no valid HTTPS certificate (${error.code}).`
        : `${url.host} could not be reached${error.code ? ` (${error.code})` : ''}.`;
  }
}
