import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BILLING_WEBHOOK_PATH, DEFAULT_BUSINESS_UNIT, isBusinessUnit } from '@gds/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BusinessUnit } from '@gds/contract';
import type { AppDb, Clock, PagePolicy, SandboxConfig } from '../host/sandbox-host.ts';
import { registerBillingApiRoutes } from './billing-api.routes.ts';
import { createBillingControl } from './billing-control.ts';
import type { BillingCall, BillingOutage, HeldAnswer } from './billing-control.ts';
import { eventOf } from './billing-changes.ts';
import type { BillingDeps, BillingEvent, EventDelivery } from './billing-changes.ts';
import { billingTables, createBillingRepository } from './billing.repository.ts';
import { SANDBOX_BILLING_API_PATH } from './billing-requests.ts';
import { createBillingService } from './billing.service.ts';
import { createCheckoutPagesService } from './checkout-pages.service.ts';
import { createEstimatesService } from './estimates.service.ts';
import { createHostedCheckout } from './hosted-checkout.ts';
import { registerHostedPageRoutes } from './hosted-pages.routes.ts';
import { advanceSubscriptions } from './renewals.ts';
import { createWebhookDelivery } from './webhooks.ts';
import type { WebhookAnswer } from './webhooks.ts';

/** Where Chargebee's webhooks reach the app (the billing module's receiver). */

export interface SandboxBillingOptions {
  /** Where webhooks go instead of the app's own receiver (tests run a small one). */
  webhookUrl?: string;
  /** Waits between webhook retries. */
  retryDelaysMs?: readonly number[];
  /** Replaces webhook delivery altogether (tests record events, or drop them). */
  deliver?: EventDelivery;
}

/**
 * What the app's billing module takes to reach the sandbox: options for the official client
 * (`new Chargebee(...)`) pointing at this server, and the webhooks' HTTP Basic credentials.
 */
export interface SandboxBillingSettings {
  client: {
    site: string;
    apiKey: string;
    hostSuffix: string;
    protocol: 'http';
    port: number;
    apiPath: string;
  };
  webhook: { username: string; password: string };
  /** The sandbox stands in for Chargebee (the Billing screen says so). */
  sandbox: true;
}

/** The running sandbox billing provider, as the server wires it. */
export interface SandboxBilling {
  /** What the app's billing module uses to reach it (client options, webhook credentials). */
  settings: SandboxBillingSettings;
  register: (app: FastifyInstance) => Promise<void>;
  /** Renews or ends subscriptions whose term is over by the clock's now. */
  advance: () => Promise<number>;
  /** Resolves when every webhook delivery started so far is done. */
  webhooksSettled: () => Promise<void>;
  /** The API calls this instance received, oldest first (its last thousand). */
  calls: () => readonly BillingCall[];
  /** Takes the provider's API down (503s, or no answer at all), or brings it back (undefined). */
  setOutage: (outage: BillingOutage | undefined) => void;
  /**
   * Holds back the answer to the next `method` call whose path (under the API root) starts
   * with `pathPrefix`: it is made when the call comes and sent when released, so it tells the
   * state of that moment, however late it arrives (a slow network).
   */
  holdAnswer: (method: string, pathPrefix: string) => HeldAnswer;
  /** Stops sending webhooks (events are still recorded and listed by GET /events), or resumes. */
  pauseWebhooks: (paused: boolean) => void;
  /**
   * Sends a recorded event's webhook again, now, as Chargebee's "resend" of an event does (the
   * event keeps its id), and answers what the app said.
   */
  resendWebhook: (eventId: string) => Promise<WebhookAnswer>;
}

/** 0.0.0.0 and :: listen everywhere; the app reaches itself on loopback then. */
function ownHost(host: string): string {
  return ['0.0.0.0', '::', '', '[::]'].includes(host) ? '127.0.0.1' : host;
}

/** The official client's options for this server's sandbox (`new Chargebee(...)`). */
export function sandboxClientSettings(
  config: Pick<SandboxConfig, 'host' | 'port'>,
  apiKey: string,
  port = config.port,
): SandboxBillingSettings['client'] {
  return {
    site: ownHost(config.host),
    hostSuffix: '',
    protocol: 'http',
    port,
    apiPath: SANDBOX_BILLING_API_PATH,
    apiKey,
  };
}

/** A secret of the sandbox, derived from the sandbox key: every instance sharing it agrees. */
function derived(key: Buffer, purpose: string): string {
  return createHmac('sha256', key).update(`sandbox-billing ${purpose}`).digest('base64url');
}

/**
 * Demo mode's billing provider: its API key and webhook credentials derive from the sandbox key
 * (kept with the server's other keys, so every instance agrees, and building the app reads no
 * table before migrations have run); answers the settings the app's billing module takes, plus
 * the routes to register.
 */
export function openSandboxBilling<Tables>(deps: {
  /** The app's database handle, whatever its schema: the sandbox's tables are in it. */
  db: Kysely<Tables>;
  config: SandboxConfig;
  /** The security policy of the hosted pages. */
  pagePolicy: PagePolicy;
  /** The origin a business unit's people use (return addresses of hosted pages). */
  unitOrigin: (unit: BusinessUnit) => string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The sandbox key (the one the sandbox providers sign with). */
  key: Buffer;
  options?: SandboxBillingOptions;
}): SandboxBilling {
  const { config, clock, log, key, options = {} } = deps;
  const db = deps.db as unknown as AppDb;
  const apiKey = `test_${derived(key, 'api key').slice(0, 32)}`;
  const webhook = { username: 'sandbox-billing', password: derived(key, 'webhook password') };
  const delivery = createWebhookDelivery({
    db,
    log,
    target: { url: options.webhookUrl ?? `${config.publicUrl}${BILLING_WEBHOOK_PATH}`, ...webhook },
    ...(options.retryDelaysMs ? { delaysMs: options.retryDelaysMs } : {}),
  });
  const deliver = options.deliver ?? delivery.deliver;
  const control = createBillingControl(clock);
  const changes: BillingDeps = {
    db,
    clock,
    deliver: (events: readonly BillingEvent[]) => {
      if (!control.webhooksPaused()) deliver(events);
    },
  };
  const serviceDeps = {
    ...changes,
    publicUrl: config.publicUrl,
    appOrigins: config.appOrigins,
    unitOrigin: (unit: string) =>
      deps.unitOrigin(isBusinessUnit(unit) ? unit : DEFAULT_BUSINESS_UNIT),
    signingKey: apiKey,
  };
  const billing = createBillingService(serviceDeps);
  const estimates = createEstimatesService(serviceDeps);
  const pages = createCheckoutPagesService(serviceDeps);
  const checkout = createHostedCheckout(changes);
  return {
    settings: {
      client: sandboxClientSettings(config, apiKey),
      webhook,
      sandbox: true,
    },
    async register(app) {
      await registerBillingApiRoutes(app, {
        billing,
        estimates,
        pages,
        changes,
        control,
        apiKey,
      });
      registerHostedPageRoutes(app, { config, pagePolicy: deps.pagePolicy, checkout, billing });
      // Deliveries under way give up their retries and end before the server closes.
      app.addHook('onClose', async () => {
        control.close();
        delivery.stop();
        await delivery.settled();
      });
    },
    advance: () => advanceSubscriptions(changes),
    webhooksSettled: () => delivery.settled(),
    calls: control.calls,
    setOutage: (outage) => control.setOutage(outage),
    holdAnswer: (method, pathPrefix) => control.holdAnswer(method, pathPrefix),
    pauseWebhooks: (paused) => control.pauseWebhooks(paused),
    async resendWebhook(eventId) {
      const row = await createBillingRepository(billingTables(db)).findEvent(eventId);
      if (!row) throw new Error(`The sandbox billing provider has no event ${eventId}.`);
      return delivery.send(eventOf(row));
    },
  };
}
