import path from 'node:path';
import type { SandboxBilling, SandboxBillingOptions, SandboxProviderControl } from '@gds/sandbox';
import { unitOriginOf } from '../http/app-origin.ts';
import { returningFormPolicy } from '../http/security-headers.ts';
import type { ProviderStandIn } from '../modules/providers/provider-directory.ts';
import type { IdentitySettings } from '../modules/sign-in/identity-provider.ts';
import type { AppCore, Purge } from './app-core.ts';

/** Demo mode keeps sent mail this long (an invitation link works 7 days). */
const OUTBOX_KEEP_DAYS = 14;

/** What the sandbox lends the rest of the app; each part is undefined when it is not used. */
export interface DemoMode {
  /** The sandbox identity provider's settings, when Google does not sign people in. */
  identity: IdentitySettings | undefined;
  /** Serves the connectors that have no real registration. */
  providerStandIn: ProviderStandIn | undefined;
  /** The sandbox billing provider, standing in for Chargebee without a CHARGEBEE_SITE. */
  billing: SandboxBilling | undefined;
  purges: Purge[];
  /** Mounts the sandbox's own pages and APIs (under /sandbox). */
  register: () => Promise<void>;
}

/**
 * Demo mode's stand-ins for the outside services: Google sign-in, the connectors' providers,
 * Chargebee, and an outbox of sent mail. Every seam between the server and the sandbox is here.
 */
export async function openDemoMode(
  core: AppCore,
  options: {
    /** The sandbox providers' switches; tests pass their own to break and watch them. */
    sandboxProviders: SandboxProviderControl | undefined;
    /** The sandbox billing provider's test switches (webhook address, delivery, retry waits). */
    sandboxBilling: SandboxBillingOptions | undefined;
  },
): Promise<DemoMode> {
  const { app, config, db, clock, mailer } = core;
  const purges: Purge[] = [() => mailer.purgeOutbox(OUTBOX_KEEP_DAYS)];
  if (!config.sandbox) {
    const register = () => Promise.resolve();
    return {
      identity: undefined,
      providerStandIn: undefined,
      billing: undefined,
      purges,
      register,
    };
  }
  // The sandbox is its own package, loaded only in demo mode: the production server never
  // loads it, and its bundle holds none of it.
  const sandbox = await import('@gds/sandbox');
  const keysDir = path.join(config.dataDir, 'keys');
  // The sandbox signs people in whenever Google does not.
  const keys = config.google ? undefined : sandbox.loadSandboxKeys(keysDir);
  // Connectors without real credentials go to the sandbox providers.
  const key = sandbox.loadSandboxProviderKey(keysDir);
  // The sandbox's pages post their forms back to the app (sign-in, consent, payment).
  const pagePolicy = returningFormPolicy(config);
  // Without a Chargebee site the sandbox billing provider stands in for Chargebee, and its
  // settings (client options, webhook credentials) go to the billing module. It stores them in
  // the database as it opens.
  const billing = config.chargebeeSite
    ? undefined
    : sandbox.openSandboxBilling({
        db,
        config,
        pagePolicy,
        unitOrigin: (unit) => unitOriginOf(unit, config),
        clock,
        log: app.log,
        key,
        options: options.sandboxBilling ?? {},
      });
  const defaultControl = () => {
    const control = new sandbox.SandboxProviderControl();
    control.accountsPerLogin = config.sandboxAccountsPerLogin;
    control.tokenDelayMs = config.sandboxTokenDelayMs;
    return control;
  };
  return {
    identity: keys && {
      kind: 'sandbox',
      issuer: sandbox.sandboxIssuer(config.publicUrl),
      clientId: sandbox.SANDBOX_CLIENT_ID,
      clientSecret: keys.clientSecret,
    },
    providerStandIn: sandbox.sandboxRegistration(config.publicUrl, key),
    billing,
    purges,
    register: async () => {
      sandbox.registerOutboxPage(app, { newest: (limit) => mailer.outbox(limit) });
      await sandbox.registerWebhookInbox(app, { db, clock, publicUrl: config.publicUrl });
      if (keys) await sandbox.registerSandbox(app, { config, keys, pagePolicy });
      await sandbox.registerSandboxProviders(app, {
        config,
        pagePolicy,
        key,
        control: options.sandboxProviders ?? defaultControl(),
        clock,
      });
      if (billing) await billing.register(app);
    },
  };
}
