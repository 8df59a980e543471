import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
  credentials: RequestCredentials | undefined;
}

export type Reply =
  | { status?: number; body: unknown }
  | ((req: RecordedRequest) => { status?: number; body: unknown });

/**
 * Replaces fetch at the network boundary: each "METHOD /path" answers JSON; anything not
 * listed answers 404 so a test never hangs on an unexpected call. Returns the request log.
 */
export function mockApi(routes: Record<string, Reply>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const req: RecordedRequest = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : '',
        credentials: init.credentials,
      };
      requests.push(req);
      const route = routes[`${req.method} ${req.path}`];
      const reply = typeof route === 'function' ? route(req) : route;
      const { status = 200, body } = reply ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
      };
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
