import { ReportError } from './report-fetcher.ts';
import type { ProviderErrorReading } from './report-failures.ts';
import { failureOf } from './report-failures.ts';

/** One call to a reporting API. The token travels in `headers` only, never in the URL. */
export interface ReportCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  json?: unknown;
}

/** How one call to a provider ended: answered, refused for rate, refused otherwise, or no answer. */
export type ProviderCallOutcome = 'ok' | 'rate_limited' | 'failed' | 'unreachable';

export interface ReportHttpDeps {
  /** Longest wait for one provider call, in ms. */
  timeoutMs: number;
  /** Told of every call made to a provider (the instance's metrics count them). */
  onCall?: (connector: string, outcome: ProviderCallOutcome) => void;
  /** Tests inject a fetch that serves recorded answers. */
  fetch?: typeof globalThis.fetch;
}

/** How one connector's calls fail: its name for messages, its secrets, its error reader. */
export interface CallScope {
  /** The connector's nameSimple (metrics label its calls with it). */
  connector: string;
  connectorName: string;
  secrets: readonly string[];
  signal: AbortSignal;
  /** Reads a provider's own error codes (Meta's 190, TikTok's 40105); default by status. */
  readError?: ProviderErrorReading;
  /** The request's own count of provider calls, when its caller keeps one. */
  calls?: { count: number };
  /** Reads the headers of every answer, refusals too (Meta states its usage in them). */
  onAnswer?: (headers: Headers) => void;
}

/**
 * Sends report calls and turns every failure into a ReportError a person can act on. Any
 * text from the provider passes `redactValues` with the call's secrets first: a provider may
 * quote a token back, and a message reaches logs and screens.
 */
export function createReportHttp(deps: ReportHttpDeps) {
  const doFetch = deps.fetch ?? globalThis.fetch;

  /** Every call made, answered or not, is counted here and nowhere else. */
  function counted(scope: CallScope, outcome: ProviderCallOutcome) {
    if (scope.calls) scope.calls.count += 1;
    deps.onCall?.(scope.connector, outcome);
  }

  async function send(call: ReportCall, scope: CallScope): Promise<Response> {
    const signal = AbortSignal.any([scope.signal, AbortSignal.timeout(deps.timeoutMs)]);
    let response: Response;
    try {
      response = await doFetch(call.url, {
        method: call.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...call.headers,
        },
        ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      counted(scope, 'unreachable');
      if (scope.signal.aborted) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ReportError(
        'unavailable',
        timedOut
          ? `${scope.connectorName} did not answer in time. Try again in a few minutes.`
          : `${scope.connectorName} could not be reached. Try again in a few minutes.`,
      );
    }
    counted(scope, response.ok ? 'ok' : response.status === 429 ? 'rate_limited' : 'failed');
    scope.onAnswer?.(response.headers);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const body = parseJson(text) ?? text;
    throw failureOf(scope, response.status, body, response.headers.get('retry-after'));
  }

  /** The JSON answer of a call; a provider error inside a 200 (TikTok) fails too. */
  async function json(call: ReportCall, scope: CallScope): Promise<unknown> {
    const text = await readBody(await send(call, scope), scope, (r) => r.text());
    const body = parseJson(text);
    if (body === undefined) {
      throw new ReportError(
        'unavailable',
        `${scope.connectorName} answered something that is not a report. Try again in a few minutes.`,
      );
    }
    const failure = scope.readError?.(200, body);
    if (failure) throw failureOf(scope, 200, body, null);
    return body;
  }

  /** A report file's bytes (a zip or gzip a provider prepared). */
  async function bytes(call: ReportCall, scope: CallScope): Promise<Buffer> {
    const response = await send(call, scope);
    return Buffer.from(await readBody(response, scope, (r) => r.arrayBuffer()));
  }

  return { json, bytes };
}

export type ReportHttp = ReturnType<typeof createReportHttp>;

async function readBody<T>(
  response: Response,
  scope: CallScope,
  read: (r: Response) => Promise<T>,
): Promise<T> {
  try {
    return await read(response);
  } catch (error) {
    if (scope.signal.aborted) throw error;
    throw new ReportError(
      'unavailable',
      `${scope.connectorName} broke off its answer. Try again in a few minutes.`,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
