import {
  BUSINESS_UNITS,
  BUSINESS_UNIT_HEADER,
  ENDPOINTS,
  ERROR_STATUS,
  PROBES,
  errorBodySchema,
} from '@gds/contract';
import type { Endpoint, ErrorCode } from '@gds/contract';
import { CONNECTOR_SECURITY_SCHEME, dataApiOperations } from './openapi-data-api.ts';
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

function errorResponses(endpoint: Endpoint, api: boolean) {
  const codes = new Set<ErrorCode>([
    ...(api ? COMMON_API_ERRORS : []),
    ...(endpoint.access.kind === 'public' ? [] : PRIVATE_ERRORS),
    ...endpoint.errors,
  ]);
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

function operationOf(name: string, endpoint: Endpoint, tag: string) {
  const api = endpoint.path.startsWith('/api/');
  return {
    operationId: name,
    tags: [tag],
    summary: name,
    description: accessText(endpoint) + (endpoint.passive ? ' Does not extend the session.' : ''),
    parameters: [
      ...(api ? [{ $ref: '#/components/parameters/BusinessUnit' }] : []),
      ...parametersOf(endpoint.params, 'path'),
      ...parametersOf(endpoint.query, 'query'),
    ],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: jsonSchemaOf(endpoint.body, 'input') },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchemaOf(endpoint.response, 'output') } },
      },
      ...errorResponses(endpoint, api),
    },
    ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
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
  const paths: Record<string, Record<string, unknown>> = {};
  const endpoints: Array<[string, Endpoint]> = [
    ...Object.entries(ENDPOINTS),
    ...Object.entries(PROBES),
  ];
  for (const [name, endpoint] of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operationOf(name, endpoint, tagOf(endpoint));
  }
  for (const [path, method, operation] of dataApiOperations()) {
    paths[path] ??= {};
    paths[path][method] = operation;
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
