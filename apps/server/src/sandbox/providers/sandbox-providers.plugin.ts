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
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) =>
      next(null, body),
    );
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
