import fs from 'node:fs';
import path from 'node:path';
import { registerBackgroundJobs } from './background-jobs.ts';
import { REPO_ROOT } from '../config/paths.ts';
import { createServerKeyRings } from '../crypto/server-key-rings.repository.ts';
import type { BackgroundLoop } from '../lib/background-loops.ts';
import { registerMetricsRoute } from '../http/metrics.routes.ts';
import { registerOpenApiRoutes } from '../http/openapi.routes.ts';
import { purgeRateLimits } from '../http/rate-limit.ts';
import { adminHandlers } from '../modules/admin/admin.routes.ts';
import { createAdminSwitchService } from '../modules/admin/admin-switch.service.ts';
import { createCredentialWarnings } from '../modules/credentials/credential-warnings.ts';
import type { TokenRefresher } from '../modules/credentials/token-refresher.ts';
import type { DataJobSummary } from '../modules/data-api/data-job-worker.ts';
import type { WebhookRunSummary } from '../modules/team-webhooks/webhook-delivery-worker.ts';
import {
  backgroundLoopsCheck,
  databaseCheck,
  migrationsCheck,
} from '../modules/health/database-health.ts';
import { registerHealthRoutes } from '../modules/health/health.routes.ts';
import type { AppCore, Purge } from './app-core.ts';
import type { SessionWiring } from './sign-in.ts';

/** The product's version, as the root package.json states it (the OpenAPI document's). */
const APP_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The platform admin's screens: finding a team and acting as one of its members. */
export function wireAdmin(core: AppCore, deps: { session: SessionWiring }) {
  const { db, clock } = core;
  const { sessions, teams, cookie } = deps.session;
  const switches = createAdminSwitchService({
    db,
    clock,
    sessions,
    findSessionUser: teams.findSessionUser,
  });
  return { handlers: adminHandlers({ db, switches, cookie }) };
}

/** Liveness and readiness, the Prometheus metrics and the OpenAPI document. */
export function registerOperations(
  core: AppCore,
  deps: {
    /** Shutdown has begun: readiness fails so load balancers stop sending requests. */
    draining: () => boolean;
    /** The background loops that missed their time. */
    stalledLoops: () => string[];
  },
): void {
  const { app, config, db, metrics } = core;
  registerHealthRoutes(app, [
    {
      name: 'accepting requests',
      run: () => (deps.draining() ? Promise.reject(new Error('shutting down')) : Promise.resolve()),
    },
    databaseCheck(db),
    migrationsCheck(db),
    backgroundLoopsCheck(deps.stalledLoops),
  ]);
  registerMetricsRoute(app, metrics, config);
  registerOpenApiRoutes(app, { config, version: APP_VERSION });
}

/** The work the server does by itself, with the hourly purges each area hands in. */
export function startBackgroundJobs(
  core: AppCore,
  deps: {
    refresher: TokenRefresher;
    dataJobs: { loop: BackgroundLoop; runOnce: () => Promise<DataJobSummary> };
    webhookDeliveries: { loop: BackgroundLoop; runOnce: () => Promise<WebhookRunSummary> };
    purges: readonly Purge[];
    reconcileBilling: (() => Promise<unknown>) | undefined;
    run: boolean;
    firstRunAfterMs: number;
  },
) {
  const { app, config, db, clock, cipher, metrics, mailer } = core;
  return registerBackgroundJobs(app, {
    config,
    refresher: deps.refresher,
    warnings: createCredentialWarnings({ db, clock, mailer, config, log: app.log }),
    dataJobs: deps.dataJobs,
    webhookDeliveries: deps.webhookDeliveries,
    purges: [...deps.purges, () => purgeRateLimits({ db, clock })],
    keyRings: createServerKeyRings(db, cipher),
    reconcileBilling: deps.reconcileBilling,
    metrics,
    run: deps.run,
    firstRunAfterMs: deps.firstRunAfterMs,
  });
}
