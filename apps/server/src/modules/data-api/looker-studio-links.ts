import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BUSINESS_UNITS, CONNECTORS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Config } from '../../config/config.ts';
import { REPO_ROOT } from '../../config/paths.ts';
import { unitOriginOf } from '../../http/app-origin.ts';
import { escapeHtml } from '@gds/contract/escape-html';
import type { ReportFetchers } from '../reports/report-fetcher.ts';

/** Where demo mode's "Open in Looker Studio" goes: the sample connector's documentation. */
export const CONNECTOR_DOCS_PATH = '/connectors/looker-studio';

/**
 * "Open in Looker Studio" per business unit and connector: the connector-creation URL with the
 * deployment id configured for it. In demo mode, a connector with reports but no deployment
 * links to the sample connector's documentation (how to deploy it) on the unit's own host;
 * otherwise it has no link.
 */
export function lookerStudioUrls(
  config: Pick<Config, 'lookerStudio' | 'sandbox' | 'publicUrl' | 'appOrigins' | 'skinHosts'>,
  fetchers: ReportFetchers,
): Record<BusinessUnit, Readonly<Record<string, string>>> {
  const urlsOf = (unit: BusinessUnit) => {
    const urls: Record<string, string> = {};
    for (const connector of CONNECTORS) {
      const deployment = config.lookerStudio.deployments[connector.nameSimple];
      if (deployment) {
        urls[connector.nameSimple] =
          `${config.lookerStudio.createUrl}${encodeURIComponent(deployment)}`;
      } else if (config.sandbox && fetchers.find(connector.nameSimple)) {
        urls[connector.nameSimple] = `${unitOriginOf(unit, config)}${CONNECTOR_DOCS_PATH}`;
      }
    }
    return urls;
  };
  return Object.fromEntries(BUSINESS_UNITS.map((unit) => [unit, urlsOf(unit)])) as Record<
    BusinessUnit,
    Readonly<Record<string, string>>
  >;
}

/** Demo mode: the sample connector's README as a plain page (read on each request, it is small). */
export function registerConnectorDocsPage(app: FastifyInstance): void {
  const file = path.join(REPO_ROOT, 'connectors', 'looker-studio', 'README.md');
  app.get(CONNECTOR_DOCS_PATH, async (_req, reply) => {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) {
      return reply
        .code(404)
        .type('text/html')
        .send('<p>The sample connector is not in this build.</p>');
    }
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sample Looker Studio connector</title></head><body><main><pre>${escapeHtml(text)}</pre></main></body></html>`,
      );
  });
}
