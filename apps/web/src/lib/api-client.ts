import {
  BUSINESS_UNIT_HEADER,
  DEFAULT_BUSINESS_UNIT,
  ENDPOINT_ROUTES,
  MESSAGES,
  SESSION_EXPIRED_STATUS,
  buildPath,
  readErrorBody,
  type BodyOf,
  type BusinessUnit,
  type EndpointRoute,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@gds/contract';
import { ApiError } from './api-error.ts';
import { emitAppEvent } from './app-events.ts';
import { useAppStore } from './app-store.ts';
import { showToast } from './toast-store.ts';

let businessUnit: BusinessUnit = DEFAULT_BUSINESS_UNIT;

/** Set once at boot from the resolved skin; every call carries it in x-gds-businessUnit. */
export function setApiBusinessUnit(unit: BusinessUnit): void {
  businessUnit = unit;
}

type Fields = Record<string, string | number | boolean | null | undefined>;

export interface ApiCallOptions<E extends EndpointRoute> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
}

/** Undefined and null fields are left out; everything else is sent as text. */
function toSearchParams(fields: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((fields ?? {}) as Fields)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params;
}

/**
 * 401 or 440 means the session is gone. Toast once, announce it once (the app then
 * logs out), and stay quiet for the logout call itself or when nobody is signed in.
 */
function handleSessionEnd(route: EndpointRoute, status: number): void {
  if (status !== 401 && status !== SESSION_EXPIRED_STATUS) return;
  if (route.name === ENDPOINT_ROUTES.logout.name) return;
  if (!useAppStore.getState().beginSessionEnd()) return;
  showToast(MESSAGES.loggedOutInactivity, { tone: 'danger' });
  emitAppEvent('apiLogout', { status });
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashes answer HTML or nothing: fall through to a generic error.
  }
  const errorBody = readErrorBody(body);
  if (errorBody) {
    const { code, message, field, requestId } = errorBody.error;
    return new ApiError(response.status, code, message, field, requestId);
  }
  return new ApiError(response.status, 'HTTP_ERROR', `Request failed (${response.status})`);
}

/**
 * Calls one contract endpoint and returns its answer. The server writes every answer from the
 * endpoint's response schema, so the app reads it as it comes; in development and tests
 * answer-check.ts holds it to the schema first. Production leaves that out, and with it zod
 * and every schema of the API, which the first page would otherwise load.
 */
export async function apiCall<E extends EndpointRoute>(
  route: E,
  options: ApiCallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const path = buildPath(route.path, options.params ?? {});
  const query = toSearchParams(options.query).toString();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [BUSINESS_UNIT_HEADER]: businessUnit,
  };
  const init: RequestInit = { method: route.method, credentials: 'include', headers };
  if (route.method === 'POST' || route.method === 'PUT') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    init.body = toSearchParams(options.body).toString();
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(query ? `${path}?${query}` : path, init);
  if (!response.ok) {
    const error = await readError(response);
    handleSessionEnd(route, response.status);
    throw error;
  }
  const data: unknown = await response.json();
  if (import.meta.env.DEV) (await import('./answer-check.ts')).checkAnswer(route, data);
  return data as ResponseOf<E>;
}
