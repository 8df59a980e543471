import type { FastifyInstance } from 'fastify';
import type { SandboxProviderDeps } from './sandbox-deps.ts';
import { registerSandboxApiRoutes } from './sandbox-api.routes.ts';
import { SandboxCodes } from './sandbox-codes.ts';
import { registerSandboxConsentRoutes } from './sandbox-consent.routes.ts';
import { registerSandboxReportRoutes } from './sandbox-report.routes.ts';
import { registerSandboxTokenRoutes } from './sandbox-token.routes.ts';

/**
 * Demo mode: the sandbox data-source providers under /sandbox/providers. Their own scope
 * accepts JSON bodies too (some connectors' calls send one); the app itself takes forms only.
 */
export async function registerSandboxProviders(
  app: FastifyInstance,
  deps: SandboxProviderDeps,
): Promise<void> {
  await app.register((scope, _options, done) => {
    const asText = (_req: unknown, body: string | Buffer, next: (e: null, b: unknown) => void) =>
      next(null, body);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, asText);
    // Versioned JSON types (Amazon's application/vnd.createasyncreportrequest.v3+json).
    scope.addContentTypeParser(/^application\/vnd\.[\w.-]+\+json/, { parseAs: 'string' }, asText);
    const codes = new SandboxCodes(deps.clock);
    registerSandboxConsentRoutes(scope, deps, codes);
    registerSandboxTokenRoutes(scope, deps, codes);
    registerSandboxApiRoutes(scope, deps);
    registerSandboxReportRoutes(scope, deps);
    done();
  });
  // A hanging sandbox call must not keep the server from closing.
  app.addHook('preClose', (done) => {
    deps.control.releaseAll();
    done();
  });
}
