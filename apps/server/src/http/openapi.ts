import {
  BUSINESS_UNITS,
  BUSINESS_UNIT_HEADER,
  DATA_API,
  DATA_READ_SCOPE,
  ENDPOINTS,
  ERROR_STATUS,
  PROBES,
  errorBodySchema,
} from '@gds/contract';
import type { Endpoint, ErrorCode } from '@gds/contract';
import { jsonSchemaOf, openApiPath, parametersOf } from './openapi-schema.ts';

export { jsonSchemaOf, openApiPath };

/** Errors any /api endpoint may answer, besides those it declares. */
const COMMON_API_ERRORS: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'BUSINESS_UNIT_INVALID',
  'BUSINESS_UNIT_MISMATCH',
  'ORIGIN_NOT_ALLOWED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];
/** And those of an endpoint that needs a session. */
const PRIVATE_ERRORS: readonly ErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'SESSION_EXPIRED'];

/**
 * What any data API call may answer besides success: a bad request, no or a bad token, a
 * connector or account the grant does not reach, too many calls, or the server failing.
 */
const DATA_API_ERRORS: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];

/** The security scheme the data API's operations name: a connector grant's bearer token. */
const CONNECTOR_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description:
    `An access token from a connector grant (the OAuth authorization server at /oauth), scope ${DATA_READ_SCOPE}. ` +
    'No session cookie, business-unit header or Origin: the data API is called by the reporting tool’s servers.',
} as const;

/** How one operation is called, which differs between the web app's endpoints and the data API. */
interface Calling {
  tag: string;
  description: string;
  /** The header every call under /api carries. */
  businessUnit: boolean;
  bodyType: 'application/x-www-form-urlencoded' | 'application/json';
  errors: Iterable<ErrorCode>;
  /** Public endpoints need nothing; others the document's default (a session) unless set. */
  security?: Array<Record<string, string[]>>;
}

/**
 * The web app's own endpoints: form bodies, a session, the business-unit header under /api;
 * the data API's (connector access): JSON bodies and the connector's bearer token.
 */
function callingOf(endpoint: Endpoint): Calling {
  if (endpoint.access.kind === 'connector') {
    return {
      tag: 'data',
      description: 'Needs a connector grant’s bearer token; rate-limited per grant.',
      businessUnit: false,
      bodyType: 'application/json',
      errors: [...DATA_API_ERRORS, ...endpoint.errors],
      security: [{ connector: [] }],
    };
  }
  const api = endpoint.path.startsWith('/api/');
  return {
    tag: tagOf(endpoint),
    description: accessText(endpoint) + (endpoint.passive ? ' Does not extend the session.' : ''),
    businessUnit: api,
    bodyType: 'application/x-www-form-urlencoded',
    errors: [
      ...(api ? COMMON_API_ERRORS : []),
      ...(endpoint.access.kind === 'public' ? [] : PRIVATE_ERRORS),
      ...endpoint.errors,
    ],
    ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
  };
}

function errorResponses(errors: Iterable<ErrorCode>) {
  const codes = new Set<ErrorCode>(errors);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    ]),
  );
}

function accessText(endpoint: Endpoint): string {
  const access = endpoint.access;
  if (access.kind === 'public') return 'Public: no session needed.';
  if (access.kind === 'platformAdmin') return 'Platform admins only, signed in as themselves.';
  if (access.kind === 'connector')
    return `Needs a connector grant's bearer token, scope ${access.scope}.`;
  return access.permissions.length > 0
    ? `Needs a session whose role holds: ${access.permissions.join(', ')}.`
    : 'Needs a session (any member of the team).';
}

function operationOf(name: string, route: Endpoint) {
  const calling = callingOf(route);
  return {
    operationId: name,
    tags: [calling.tag],
    summary: name,
    description: calling.description,
    parameters: [
      ...(calling.businessUnit ? [{ $ref: '#/components/parameters/BusinessUnit' }] : []),
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [calling.bodyType]: { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } },
      },
      ...errorResponses(calling.errors),
    },
    ...(calling.security ? { security: calling.security } : {}),
  };
}

/** The group an endpoint is listed under: the segment after /api (team, dataSources, …). */
function tagOf(endpoint: Endpoint): string {
  const [, first, second] = endpoint.path.split('/');
  return first === 'api' ? (second ?? 'api') : 'probes';
}

/**
 * The OpenAPI 3.1 document of every endpoint in the contract (ENDPOINTS, the probes and the
 * connectors' data API), built from the very zod schemas the server validates and answers with.
 */
export function buildOpenApiDocument(info: { version: string; serverUrl: string }) {
  const operations: Array<[string, Endpoint]> = [
    ...Object.entries(ENDPOINTS),
    ...Object.entries(PROBES),
    ...Object.entries(DATA_API).map(([name, route]): [string, Endpoint] => [
      `dataApi.${name}`,
      route,
    ]),
  ];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of operations) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(name, route);
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'GDS Connector App API',
      version: info.version,
      description:
        'Every endpoint of the web app. Bodies are form-encoded (application/x-www-form-urlencoded) and answers JSON; ' +
        'every failure answers { error: { code, message, field?, requestId } }. Calls under /api carry the ' +
        `${BUSINESS_UNIT_HEADER} header; state-changing calls come from an allowed Origin. ` +
        'The data API (tag data) is the exception: called by reporting tools with a bearer token, JSON in and out.',
    },
    servers: [{ url: info.serverUrl }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
      parameters: {
        BusinessUnit: {
          name: BUSINESS_UNIT_HEADER,
          in: 'header',
          required: true,
          description: "The business unit of the site's host.",
          schema: { type: 'string', enum: [...BUSINESS_UNITS] },
        },
      },
      securitySchemes: {
        connector: CONNECTOR_SECURITY_SCHEME,
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'gds_session',
          description:
            'Set by the sign-in callback (named __Host-gds_session when the app is served over https).',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
