import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_DOCUMENTS, DATA_API, ENDPOINTS, PROBES } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { registeredRoutes } from '../../src/app.ts';
import { jsonSchemaOf, openApiPath } from '../../src/http/openapi.ts';
import type { OpenApiDocument } from '../../src/http/openapi.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { createTestApp } from '../helpers/test-app.ts';

interface Operation {
  operationId: string;
  parameters: Array<{ $ref?: string; name?: string; in?: string; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema: unknown }> }
  >;
}

const SERVED: Array<[string, Endpoint]> = [...Object.entries(ENDPOINTS), ...Object.entries(PROBES)];
/** The connectors' data API: bearer token, JSON bodies; documented under its own tag. */
const DATA_ROUTES = Object.entries(DATA_API).map(([name, route]): [string, Endpoint] => [
  `dataApi.${name}`,
  route,
]);

describeEachDatabase('the OpenAPI document and reference page', (db) => {
  let app: FastifyInstance;
  let document: OpenApiDocument;
  beforeAll(async () => {
    app = await createTestApp(db());
    // As a browser or a generator fetches it: no session, no business-unit header.
    const response = await app.inject({ method: 'GET', url: API_DOCUMENTS.openApi.path });
    expect(response.statusCode, response.body).toBe(200);
    document = response.json();
  });
  afterAll(() => app.close());

  const operation = (endpoint: Endpoint): Operation | undefined =>
    document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()] as
      Operation | undefined;

  it('is OpenAPI 3.1 with one operation per served route, nothing more', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = registeredRoutes(app)
      .filter((route) => route.method !== 'HEAD')
      .filter((route) =>
        [...SERVED, ...DATA_ROUTES].some(
          ([, e]) => e.path === route.url && e.method === route.method,
        ),
      )
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(documented.sort()).toEqual(served.sort());
    expect(documented).toHaveLength(SERVED.length + DATA_ROUTES.length);
  });

  // The modules merged after the document was first written: each has its operations listed.
  it.each([
    ['billing', 'estimateNextBillingAmount'],
    ['client links', 'createClientLink'],
    ['stats', 'getStats'],
    ['connector grants', 'getConnectorGrants'],
  ])('%s: its endpoints are in the document', (_module, name) => {
    const endpoint = (ENDPOINTS as Record<string, Endpoint>)[name];
    if (!endpoint) throw new Error(`${name} is not a contract endpoint`);
    expect(operation(endpoint)?.operationId).toBe(name);
  });

  it.each(DATA_ROUTES)('%s: documented with the bearer token and a JSON body', (name, route) => {
    const op = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()] as
      (Operation & { security?: unknown; tags?: string[] }) | undefined;
    if (!op) throw new Error(`${route.method} ${route.path} is missing from the document`);
    expect(op.operationId).toBe(name);
    expect(op.tags).toEqual(['data']);
    expect(op.security).toEqual([{ connector: [] }]);
    expect(op.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(route.response, 'output'),
    );
    expect(op.requestBody?.content['application/json']?.schema).toEqual(
      route.body ? jsonSchemaOf(route.body, 'input') : undefined,
    );
    expect(op.parameters.filter((p) => p.in === 'header')).toEqual([]);
    expect(op.responses['401']?.description).toContain('UNAUTHENTICATED');
  });

  it.each(SERVED)('%s: documented exactly as the contract serves it', (name, endpoint) => {
    const op = operation(endpoint);
    if (!op) throw new Error(`${endpoint.method} ${endpoint.path} is missing from the document`);
    expect(op.operationId).toBe(name);
    expect(op.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(endpoint.response, 'output'),
    );
    const body = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    expect(body).toEqual(endpoint.body ? jsonSchemaOf(endpoint.body, 'input') : undefined);
    const named = (where: string): Record<string, unknown> =>
      Object.fromEntries(
        op.parameters
          .filter((p) => p.in === where)
          .map((p): [string, unknown] => [p.name ?? '', p.schema]),
      );
    const fields = (schema: Endpoint['query']) =>
      schema ? ((jsonSchemaOf(schema, 'input').properties ?? {}) as Record<string, unknown>) : {};
    expect(named('query')).toEqual(fields(endpoint.query));
    expect(named('path')).toEqual(fields(endpoint.params));
    for (const segment of endpoint.path.matchAll(/:(\w+)/g)) {
      expect(Object.keys(named('path'))).toContain(segment[1]);
    }
    for (const code of endpoint.errors) {
      const listed = Object.values(op.responses).some((answer) =>
        String((answer as { description?: string }).description)
          .split(', ')
          .includes(code),
      );
      expect(listed, code).toBe(true);
    }
  });

  it('every $ref points at something the document defines', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      let node: unknown = document;
      for (const part of (ref ?? '').split('/')) node = (node as Record<string, unknown>)[part];
      expect(node, ref).toBeDefined();
    }
  });

  it('/api/docs: a readable page listing every operation, with no script and nothing from elsewhere', async () => {
    const response = await app.inject({ method: 'GET', url: API_DOCUMENTS.apiDocs.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script|<link[^>]+stylesheet|src="https?:/i);
    expect(html).toContain('<h1>GDS Connector App API');
    for (const [name, endpoint] of SERVED) {
      expect(html).toContain(`id="${name}"`);
      expect(html).toContain(`<code>${openApiPath(endpoint.path)}</code>`);
    }
  });
});
