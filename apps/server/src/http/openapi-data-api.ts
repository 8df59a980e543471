import { DATA_API, DATA_READ_SCOPE, ERROR_STATUS } from '@gds/contract';
import type { ErrorCode } from '@gds/contract';
import type { z } from 'zod';
import { jsonSchemaOf, openApiPath, parametersOf } from './openapi-schema.ts';

/** One data API route as the contract declares it (DATA_API). */
export interface DataApiRoute {
  method: string;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

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
export const CONNECTOR_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description:
    `An access token from a connector grant (the OAuth authorization server at /oauth), scope ${DATA_READ_SCOPE}. ` +
    'No session cookie, business-unit header or Origin: the data API is called by the reporting tool’s servers.',
} as const;

function errorResponses() {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of DATA_API_ERRORS) {
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

/**
 * The data API's operations (tag "data"): JSON bodies, unlike the web app's forms, and the
 * connector's bearer token instead of a session.
 */
export function dataApiOperations(): Array<[path: string, method: string, operation: unknown]> {
  return Object.entries(DATA_API as Record<string, DataApiRoute>).map(([name, route]) => [
    openApiPath(route.path),
    route.method.toLowerCase(),
    {
      operationId: `dataApi.${name}`,
      tags: ['data'],
      summary: `dataApi.${name}`,
      description: 'Needs a connector grant’s bearer token; rate-limited per grant.',
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } },
        },
        ...errorResponses(),
      },
      security: [{ connector: [] }],
    },
  ]);
}
