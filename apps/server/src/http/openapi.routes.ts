import type { FastifyInstance } from 'fastify';
import { API_DOCUMENTS } from '@gds/contract';
import type { Config } from '../config/config.ts';
import { renderApiDocsPage } from './api-docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';
import type { OpenApiDocument } from './openapi.ts';

/**
 * GET /api/openapi.json and GET /api/docs. The document is built from the contract on first
 * request and kept: the contract cannot change while the process runs.
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'publicUrl'>; version: string },
): void {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const built = () =>
    (document ??= buildOpenApiDocument({
      version: deps.version,
      serverUrl: deps.config.publicUrl,
    }));

  app.get(API_DOCUMENTS.openApi.path, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return built();
  });
  app.get(API_DOCUMENTS.apiDocs.path, async (_req, reply) => {
    page ??= renderApiDocsPage(built(), API_DOCUMENTS.openApi.path);
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('text/html; charset=utf-8')
      .send(page);
  });
}
