import type { BillingSettings } from '../config/billing-settings.ts';
import type { Config } from '../config/config.ts';
import { reconcileBillingEvents } from '../modules/billing-sync/billing-reconcile.ts';
import { registerBillingWebhook } from '../modules/billing-sync/billing-webhook.routes.ts';
import { createBillingAccountService } from '../modules/billing/billing-account.service.ts';
import { createCheckoutService } from '../modules/billing/billing-checkout.service.ts';
import { createCatalogue } from '../modules/billing/billing-deps.ts';
import type { BillingDeps } from '../modules/billing/billing-deps.ts';
import { billingHandlers } from '../modules/billing/billing.routes.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createChargebeeClient } from '../modules/billing/chargebee-client.ts';
import type { AppCore } from './app-core.ts';

/**
 * Plans, checkout and the billing account, and keeping them in step with the billing
 * provider: its webhook and the reconciliation of events a webhook missed.
 */
export function wireBilling(
  core: AppCore,
  deps: {
    /**
     * How billing reaches its provider when not Chargebee from the config: the sandbox billing
     * provider, or the settings a caller of buildApp passed. With neither in demo mode, billing
     * calls fail clearly.
     */
    settings: BillingSettings | undefined;
  },
) {
  const { app, config, db, clock } = core;
  const settings = deps.settings ?? realBillingSettings(config);
  const client = createChargebeeClient(settings, {
    timeoutMs: config.billingTimeoutMs,
    log: app.log,
  });
  const billingDeps: BillingDeps = {
    db,
    clock,
    client,
    catalogue: createCatalogue(client, clock),
    log: app.log,
  };
  const plan = createBillingService(billingDeps);
  return {
    handlers: billingHandlers({
      plan,
      checkout: createCheckoutService(billingDeps),
      account: createBillingAccountService(billingDeps, plan),
      config,
    }),
    /** The provider's webhook, outside the contract's endpoints. */
    register: () => registerBillingWebhook(app, { settings, sync: billingDeps }),
    /** Undefined while billing has no provider to read. */
    reconcile: settings ? () => reconcileBillingEvents(billingDeps) : undefined,
  };
}

/** Chargebee itself when configured (the sandbox off); undefined in demo mode. */
function realBillingSettings(config: Config): BillingSettings | undefined {
  if (!config.chargebee) return undefined;
  return {
    client: { site: config.chargebeeSite, apiKey: config.chargebee.apiKey },
    webhook: {
      username: config.chargebee.webhookUsername,
      password: config.chargebee.webhookPassword,
    },
    sandbox: false,
  };
}
