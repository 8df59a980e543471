import { ENDPOINTS, type ErrorBody, type ResponseOf } from '@gds/contract';
import { vi } from 'vitest';

/** An endpoint of the contract, by its name in ENDPOINTS. */
export type EndpointName = keyof typeof ENDPOINTS;

export interface RecordedRequest {
  /** The contract endpoint the method and path matched; null when they matched none. */
  endpoint: EndpointName | null;
  method: string;
  path: string;
  /** The values of the endpoint path's `:name` segments, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  body: string;
  credentials: RequestCredentials | undefined;
}

/** An answer the contract does not allow (a broken server or proxy); made by offContract. */
export interface OffContractReply {
  kind: 'off-contract';
  status: number;
  body: unknown;
}

/**
 * What an endpoint may answer: its declared response (status 200) or an error body. A renamed
 * endpoint or a changed response shape fails to compile instead of answering 404 at run time.
 */
export type ReplyOf<N extends EndpointName> =
  | { status?: 200; body: ResponseOf<(typeof ENDPOINTS)[N]> }
  | { status: number; body: ErrorBody }
  | OffContractReply;

export type Reply<N extends EndpointName> = ReplyOf<N> | ((req: RecordedRequest) => ReplyOf<N>);

/** The mocked API: a reply per endpoint name; an endpoint left out answers 404. */
export type MockRoutes = { [N in EndpointName]?: Reply<N> };

/** For tests of how the app copes with an answer that breaks the contract. */
export function offContract(body: unknown, status = 200): OffContractReply {
  return { kind: 'off-contract', status, body };
}

/** The `:name` values when `path` fits the endpoint's path template, else null. */
function matchPath(template: string, path: string): Record<string, string> | null {
  const wanted = template.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    const value = given[i] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return null;
  }
  return params;
}

function findEndpoint(method: string, path: string) {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    if (endpoint.method !== method) continue;
    const params = matchPath(endpoint.path, path);
    if (params) return { name: name as EndpointName, params };
  }
  return { name: null, params: {} };
}

const NOT_FOUND = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };

/**
 * Replaces fetch at the network boundary: a request is matched to its contract endpoint and
 * answered with that endpoint's reply as JSON; anything else answers 404, so a test never
 * hangs on an unexpected call. Returns the request log.
 */
export function mockApi(routes: MockRoutes): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const { name, params } = findEndpoint(method, url.pathname);
      const req: RecordedRequest = {
        endpoint: name,
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : '',
        credentials: init.credentials,
      };
      requests.push(req);
      const route = name === null ? undefined : (routes[name] as Reply<EndpointName> | undefined);
      const reply = typeof route === 'function' ? route(req) : route;
      const { status = 200, body } = reply ?? NOT_FOUND;
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}
