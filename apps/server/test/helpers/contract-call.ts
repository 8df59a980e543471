import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { buildPath, errorBodySchema } from '@gds/contract';
import type { BodyOf, Endpoint, ErrorBody, ParamsOf, QueryOf, ResponseOf } from '@gds/contract';
import { api } from './test-app.ts';
import type { ApiRequest } from './test-app.ts';

/**
 * Query and form fields as they travel: the names are the contract's (a renamed field is a
 * compile error), the values any text, since tests send wrong values on purpose. An endpoint
 * that declares none takes none.
 */
type Fields<T> = unknown extends T ? never : { [K in keyof T]?: string | number | boolean };

export type CallOptions<E extends Endpoint> = Omit<ApiRequest, 'method' | 'url' | 'form'> & {
  query?: Fields<QueryOf<E>>;
  /** A browser endpoint's body, form-encoded. */
  form?: Fields<BodyOf<E>>;
  /** A connector endpoint's body, sent as JSON (any value: tests send wrong ones on purpose). */
  json?: unknown;
  /** A connector endpoint's bearer token, sent in the Authorization header. */
  bearer?: string;
} & (unknown extends ParamsOf<E>
    ? { params?: never }
    : { params: { [K in keyof ParamsOf<E>]: string | number } });

/** Path parameters are required exactly when the endpoint declares them. */
export type CallRest<E extends Endpoint> =
  unknown extends ParamsOf<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** What a test reads of an answer: its body against the contract, or the one error shape. */
export interface ContractBody<E extends Endpoint> {
  /** The success body. Throws when it is not exactly the endpoint's declared response. */
  json(): ResponseOf<E>;
  /** The error body's `{ code, message, field? }`. Throws when the body is not that shape. */
  error(): ErrorBody['error'];
}

export type Answer<E extends Endpoint> = Omit<LightMyRequestResponse, 'json'> & ContractBody<E>;

/** Undefined fields are left out; everything else is sent as text (as the web client does). */
function asText(fields: object): Record<string, string> {
  const text: Record<string, string> = {};
  type Value = string | number | boolean | undefined;
  for (const [key, value] of Object.entries(fields as Record<string, Value>)) {
    if (value !== undefined) text[key] = String(value);
  }
  return text;
}

/** The address of an endpoint: its path with the parameters filled in, and its query. */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  options: { params?: object | undefined; query?: object | undefined } = {},
): string {
  const path = buildPath(endpoint.path, asText(options.params ?? {}));
  const query = new URLSearchParams(asText(options.query ?? {})).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Reads a body against the endpoint's contract. The answer must be exactly the declared
 * response: a field the contract does not name (a token, a column) or one it names but the
 * server leaves to a default fails here, as does an error answered where a success was read.
 */
export function contractBody<E extends Endpoint>(
  endpoint: E,
  statusCode: number,
  body: string,
): ContractBody<E> {
  const what = `${endpoint.name} answered ${statusCode}: ${body}`;
  return {
    json() {
      const raw: unknown = JSON.parse(body);
      const parsed = endpoint.response.safeParse(raw);
      if (!parsed.success) {
        throw new Error(`${what}\nnot its contract's response: ${z.prettifyError(parsed.error)}`);
      }
      if (!isDeepStrictEqual(parsed.data, raw)) {
        throw new Error(`${what}\nnot exactly its contract's response (extra or defaulted fields)`);
      }
      return raw as ResponseOf<E>;
    },
    error() {
      const raw: unknown = JSON.parse(body);
      const parsed = errorBodySchema.safeParse(raw);
      if (!parsed.success || !isDeepStrictEqual(parsed.data, raw)) {
        throw new Error(`${what}\nnot the one error shape { error: { code, message, field? } }`);
      }
      // The request id differs per call; tests of it read the raw body (test/ops).
      const { requestId: _requestId, ...error } = parsed.data.error;
      return error;
    },
  };
}

/** A fetch answer (a test that talks real HTTP) read against the endpoint's contract. */
export async function fetchedAnswer<E extends Endpoint>(endpoint: E, response: Response) {
  const body = await response.text();
  return { status: response.status, body, ...contractBody(endpoint, response.status, body) };
}

/** The headers and body of a connector endpoint's call: its bearer token and a JSON body. */
export function connectorRequest(options: { bearer?: string | undefined; json?: unknown }) {
  return {
    headers: {
      ...(options.bearer === undefined ? {} : { authorization: `Bearer ${options.bearer}` }),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  };
}

/**
 * Calls one contract endpoint as its caller does (method and path from the contract): a
 * browser endpoint as the SPA does (unit header, form-encoded body) through `api()`; a
 * connector endpoint as a connector's server does (bearer token, JSON body, no unit header).
 */
export async function call<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...[options]: CallRest<E>
): Promise<Answer<E>> {
  const { params, query, form, json, bearer, ...request } = (options ??
    {}) as CallOptions<Endpoint>;
  const url = urlOf(endpoint, { params, query });
  const connector = endpoint.access.kind === 'connector';
  const sent = connector ? connectorRequest({ bearer, json }) : undefined;
  const response = await api(app, {
    ...request,
    method: endpoint.method,
    url,
    ...(connector ? { unit: null } : {}),
    ...(form ? { form: asText(form) } : {}),
    ...(sent ? { headers: { ...sent.headers, ...request.headers }, payload: sent.body } : {}),
  });
  return Object.assign(response, contractBody(endpoint, response.statusCode, response.body));
}
