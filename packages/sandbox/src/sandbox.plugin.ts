import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { PagePolicy, SandboxConfig } from './host/sandbox-host.ts';
import type { SandboxKeys } from './keys.ts';
import { SandboxAccounts, createSandboxIdp } from './sandbox-idp.ts';
import { registerSandboxRoutes } from './sandbox.routes.ts';

/** Demo mode: the sandbox identity provider under /sandbox/oidc. Loaded only when used. */
export async function registerSandbox(
  app: FastifyInstance,
  deps: { config: SandboxConfig; keys: SandboxKeys; pagePolicy: PagePolicy },
): Promise<void> {
  const accounts = new SandboxAccounts();
  let made: Promise<Provider> | undefined;
  // Made at the first sign-in; a failure is retried at the next.
  const provider = () =>
    (made ??= createSandboxIdp(deps.config, deps.keys, accounts).catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  await registerSandboxRoutes(app, { pagePolicy: deps.pagePolicy, provider, accounts });
}
