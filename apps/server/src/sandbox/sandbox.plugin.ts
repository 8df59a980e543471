import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { SandboxKeys } from './keys.ts';
import { SandboxAccounts, createSandboxIdp } from './sandbox-idp.ts';
import { registerSandboxRoutes } from './sandbox.routes.ts';

/** Demo mode: the sandbox identity provider under /sandbox/oidc. Loaded only when used. */
export async function registerSandbox(
  app: FastifyInstance,
  deps: { config: Config; keys: SandboxKeys },
): Promise<void> {
  const accounts = new SandboxAccounts();
  const provider = createSandboxIdp(deps.config, deps.keys, accounts);
  await registerSandboxRoutes(app, { config: deps.config, provider, accounts });
}
