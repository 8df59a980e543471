import type { ProviderRequest } from '@gds/contract/providers';
import { ProviderError, withoutSecrets } from './provider-error.ts';

export { ProviderError, logProviderFailure } from './provider-error.ts';

export type TemplateValues = Readonly<Record<string, string>>;

/**
 * Fills `{name}` placeholders, and `{+name}` ones with the value as it is even when `encode`
 * asks for a URL's encoding (a resource name's slashes are path); an unknown one is a catalog
 * bug, not a user error.
 */
export function fillTemplate(template: string, values: TemplateValues, encode = false): string {
  return template.replace(/\{(\+?)(\w+)\}/g, (_, asIs: string, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the placeholder {${name}}`);
    return encode && !asIs ? encodeURIComponent(value) : value;
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

/**
 * Sends one templated call and answers its JSON. OAuth calls default to a Bearer header. Any
 * error leaving it is rebuilt with the secret values it sent replaced (a provider may quote
 * them back in an error), so no caller can log them by accident.
 */
export async function callProvider(
  request: ProviderRequest,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<unknown> {
  try {
    const url = fillTemplate(request.url, values, true);
    const host = new URL(url).host;
    const headers = new Headers({ accept: 'application/json' });
    for (const [name, template] of Object.entries(headerTemplates(request, values))) {
      headers.set(name, headerValue(host, name, fillTemplate(template, values)));
    }
    if (request.basicAuth)
      headers.set('authorization', `Basic ${basicCredentials(request, values)}`);
    let body: string | undefined;
    if (request.jsonBody) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(fillJson(request.jsonBody, values));
    }
    return await readJson(
      await send(host, () =>
        fetch(url, {
          method: request.method ?? 'GET',
          headers,
          ...(body === undefined ? {} : { body }),
          signal,
          redirect: 'error',
        }),
      ),
    );
  } catch (error) {
    throw withoutSecrets(error, secretsOf(request, values));
  }
}

const headerTemplates = (request: ProviderRequest, values: TemplateValues) =>
  request.headers ?? (values.accessToken ? { Authorization: 'Bearer {accessToken}' } : {});

/**
 * Header values are visible ASCII and spaces only. A control character cannot travel in a
 * header at all, and a non-ASCII one arrives as some other byte: either way the provider
 * would never see the secret that was meant.
 */
export const isHeaderSafe = (value: string): boolean => /^[\x20-\x7e]*$/.test(value);

function headerValue(host: string, name: string, value: string): string {
  if (isHeaderSafe(value)) return value;
  // Never the value itself: it holds a secret.
  throw new ProviderError(
    'invalid',
    `${host}: the ${name} header would hold characters a header cannot carry`,
  );
}

function basicCredentials(request: ProviderRequest, values: TemplateValues): string {
  const { username = '', password = '' } = request.basicAuth ?? {};
  const pair = `${fillTemplate(username, values)}:${fillTemplate(password, values)}`;
  return Buffer.from(pair).toString('base64');
}

/**
 * The values a call sends outside its URL (headers, Basic auth, JSON body): its secrets, and
 * the Basic credentials as encoded, since a provider may quote its Authorization header.
 */
function secretsOf(request: ProviderRequest, values: TemplateValues): string[] {
  const templates = [
    ...Object.values(headerTemplates(request, values)),
    ...(request.basicAuth ? [request.basicAuth.username, request.basicAuth.password] : []),
    ...(request.jsonBody ? [JSON.stringify(request.jsonBody)] : []),
  ];
  const names = templates.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''));
  const secrets = names.map((name) => values[name] ?? '');
  if (request.basicAuth) secrets.push(basicCredentials(request, values));
  return secrets.filter((value) => value !== '');
}

/** Runs a fetch, turning network failures and timeouts into ProviderErrors. */
export async function send(host: string, call: () => Promise<Response>): Promise<Response> {
  try {
    const response = await call();
    if (response.ok) return response;
    const answer: unknown = await response.json().catch(() => undefined);
    const oauthError = errorCodeOf(answer);
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

/**
 * The OAuth error code of an error answer (invalid_grant, ...). Only a whole code is kept: any
 * other text there (a sentence, a quoted credential) is dropped rather than cut short, since a
 * cut secret could no longer be recognised and hidden.
 */
function errorCodeOf(answer: unknown): string | undefined {
  const error =
    typeof answer === 'object' && answer !== null && 'error' in answer ? answer.error : undefined;
  return typeof error === 'string' && /^[\w.-]{1,64}$/.test(error) ? error : undefined;
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
