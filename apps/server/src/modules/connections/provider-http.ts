import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRequest } from '@gds/contract/providers';

/**
 * How a provider call ended badly: `refused` is the provider saying no (bad code, revoked
 * grant, wrong API key: the user must act); `timeout` and `unavailable` are worth retrying;
 * `invalid` is an answer we cannot read. Messages name the provider and status only: never a
 * URL query, a body or a token (RELIABILITY 20).
 */
/** Logs why a provider call failed (kind, HTTP status, reason): never a token or a field value. */
export function logProviderFailure(
  log: Pick<FastifyBaseLogger, 'warn'>,
  connector: { nameSimple: string },
  error: ProviderError,
  what: string,
): void {
  log.warn(
    {
      connector: connector.nameSimple,
      kind: error.kind,
      status: error.status,
      reason: error.message,
    },
    what,
  );
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'refused' | 'timeout' | 'unavailable' | 'invalid',
    message: string,
    readonly status?: number,
    /** The OAuth error code (invalid_grant, ...) when the provider sent one. */
    readonly oauthError?: string,
  ) {
    super(message);
  }
}

export type TemplateValues = Readonly<Record<string, string>>;

/** Fills `{name}` placeholders; an unknown one is a catalog bug, not a user error. */
export function fillTemplate(template: string, values: TemplateValues, encode = false): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the placeholder {${name}}`);
    return encode ? encodeURIComponent(value) : value;
  });
}

function fillJson(value: unknown, values: TemplateValues): unknown {
  if (typeof value === 'string') return fillTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => fillJson(v, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillJson(v, values)]));
  }
  return value;
}

/** Sends one templated call and answers its JSON. OAuth calls default to a Bearer header. */
export async function callProvider(
  request: ProviderRequest,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json' });
  const templates =
    request.headers ?? (values.accessToken ? { Authorization: 'Bearer {accessToken}' } : {});
  for (const [name, template] of Object.entries(templates)) {
    headers.set(name, fillTemplate(template, values));
  }
  if (request.basicAuth) {
    const user = fillTemplate(request.basicAuth.username, values);
    const password = fillTemplate(request.basicAuth.password, values);
    headers.set('authorization', `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  }
  let body: string | undefined;
  if (request.jsonBody) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(fillJson(request.jsonBody, values));
  }
  const url = fillTemplate(request.url, values, true);
  return readJson(
    await send(new URL(url).host, () =>
      fetch(url, {
        method: request.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
        signal,
        redirect: 'error',
      }),
    ),
  );
}

/** Runs a fetch, turning network failures and timeouts into ProviderErrors. */
export async function send(host: string, call: () => Promise<Response>): Promise<Response> {
  try {
    const response = await call();
    if (response.ok) return response;
    const answer: unknown = await response.json().catch(() => undefined);
    const oauthError =
      typeof answer === 'object' && answer !== null && 'error' in answer
        ? String(answer.error).slice(0, 64)
        : undefined;
    const retryable = response.status === 429 || response.status >= 500;
    throw new ProviderError(
      retryable ? 'unavailable' : 'refused',
      `${host} answered ${response.status}${oauthError ? ` (${oauthError})` : ''}`,
      response.status,
      oauthError,
    );
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ProviderError('timeout', `${host} did not answer in time`);
    }
    throw new ProviderError('unavailable', `${host} could not be reached`);
  }
}

/** The body of a successful answer as JSON (or a form-encoded one, as some token endpoints send). */
export async function readJson(response: Response): Promise<unknown> {
  const host = new URL(response.url || 'http://provider').host;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new ProviderError('timeout', `${host} did not answer in time`);
    }
    throw new ProviderError('unavailable', `${host} broke off its answer`);
  }
  if ((response.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('invalid', `${host} answered something that is not JSON`);
  }
}
