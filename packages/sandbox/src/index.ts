import type { FastifyInstance } from 'fastify';
import type { SandboxKeys } from './keys.ts';
import type { PagePolicy, SandboxConfig } from './host/sandbox-host.ts';

/*
 * The sandbox: demo mode's stand-ins for the outside services (the sign-in identity provider,
 * the data-source providers, the Chargebee-like billing provider, the outbox page). This is its
 * one entry: the server imports types from it, and the code itself only in demo mode, with a
 * dynamic import, so the production server bundle holds none of it.
 */

export type { AppDb, Clock, PagePolicy, SandboxConfig } from './host/sandbox-host.ts';
export { loadSandboxKeys } from './keys.ts';
export type { SandboxKeys } from './keys.ts';
export { SANDBOX_CLIENT_ID, SANDBOX_OIDC_PATH, sandboxIssuer } from './sandbox-constants.ts';
export { SANDBOX_OUTBOX_PATH, registerOutboxPage } from './outbox.routes.ts';
export type { OutboxEntry } from './pages/outbox-page.ts';
export { registerWebhookInbox } from './webhook-inbox.routes.ts';
export {
  SANDBOX_DEVELOPER_TOKEN,
  loadSandboxProviderKey,
  sandboxClientSecret,
  sandboxDemoSecret,
  sandboxRegistration,
} from './providers/sandbox-addresses.ts';
export { SandboxProviderControl } from './providers/sandbox-control.ts';
export type { SandboxCallKind, SandboxFault, SandboxLogin } from './providers/sandbox-control.ts';
export type { SandboxProviderDeps } from './providers/sandbox-deps.ts';
export { registerSandboxProviders } from './providers/sandbox-providers.plugin.ts';
export { sandboxDetail } from './providers/sandbox-answers.ts';
export { ga4Metadata } from './providers/sandbox-ga4-metadata.ts';
export { SANDBOX_REPORT_APIS } from './providers/sandbox-report-apis.ts';
export { REPORT_RULES } from './providers/sandbox-report-rules.ts';
export { openSandboxBilling } from './billing/sandbox-billing.ts';
export type {
  SandboxBilling,
  SandboxBillingOptions,
  SandboxBillingSettings,
} from './billing/sandbox-billing.ts';

/**
 * The sandbox identity provider under /sandbox/oidc. Loaded on demand: oidc-provider is not
 * even loaded when Google does sign-in.
 */
export async function registerSandbox(
  app: FastifyInstance,
  deps: { config: SandboxConfig; keys: SandboxKeys; pagePolicy: PagePolicy },
): Promise<void> {
  const plugin = await import('./sandbox.plugin.ts');
  await plugin.registerSandbox(app, deps);
}
