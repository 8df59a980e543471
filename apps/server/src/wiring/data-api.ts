import { countRequest, rateLimiter } from '../http/rate-limit.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { createQueueLoop } from '../lib/queue-loop.ts';
import {
  createAuthorizationServer,
  oauthIssuer,
} from '../modules/connector-authorization/authorization-server.ts';
import {
  connectorGrantsHandlers,
  registerAuthorizationServer,
} from '../modules/connector-authorization/connector-authorization.routes.ts';
import { createConnectorGrantsService } from '../modules/connector-authorization/connector-grants.service.ts';
import { purgeOauthArtifacts } from '../modules/connector-authorization/oauth-adapter.ts';
import { createAccessTokens } from '../modules/credentials/access-token.ts';
import type { TokenRefresher } from '../modules/credentials/token-refresher.ts';
import { registerDataApi } from '../modules/data-api/data-api.routes.ts';
import type { DataApiLimits } from '../modules/data-api/data-api.routes.ts';
import { createAccountFields } from '../modules/data-api/account-fields.ts';
import { createDataApiService } from '../modules/data-api/data-api.service.ts';
import { createDataJobWorker } from '../modules/data-api/data-job-worker.ts';
import { purgeDataRequests } from '../modules/data-api/data-request-log.ts';
import { purgeReportDays } from '../modules/data-api/day-store.ts';
import {
  lookerStudioUrls,
  registerConnectorDocsPage,
} from '../modules/data-api/looker-studio-links.ts';
import { fieldCataloguesHandlers } from '../modules/field-catalogues/field-catalogues.routes.ts';
import { createFieldCataloguesService } from '../modules/field-catalogues/field-catalogues.service.ts';
import type { ProviderDirectory } from '../modules/providers/provider-directory.ts';
import { FETCHER_DEFINITIONS } from '../modules/report-connectors/fetcher-definitions.ts';
import { purgeQuotaHours } from '../modules/reports/provider-quota.ts';
import type { ReportFetchers } from '../modules/reports/report-fetcher.ts';
import { createReportFetchers } from '../modules/reports/report-fetchers.ts';
import { statsHandlers } from '../modules/stats/stats.routes.ts';
import { createStatsService } from '../modules/stats/stats.service.ts';
import type { AppCore } from './app-core.ts';
import type { SessionWiring } from './sign-in.ts';

/**
 * The data API dashboards call (Looker Studio's connector), the authorization server that
 * grants it access, the report jobs behind it, the Stats screen over its request log, and the
 * field explorer over its schemas.
 */
export function wireDataApi(
  core: AppCore,
  deps: {
    session: SessionWiring;
    providers: ProviderDirectory;
    refresher: TokenRefresher;
    /** The report fetcher of each connector the data API serves (tests pass their own). */
    reportFetchers: ReportFetchers | undefined;
  },
) {
  const { app, config, db, clock, cipher, metrics } = core;
  const fetchers =
    deps.reportFetchers ??
    createReportFetchers({
      providers: deps.providers,
      timeoutMs: config.connectorTimeoutMs,
      definitions: FETCHER_DEFINITIONS,
      onCall: (connector, outcome) => metrics.providerRequests.inc({ connector, outcome }),
    });
  const authorizationServer = createAuthorizationServer({
    config,
    db,
    clock,
    cipher,
    log: app.log,
  });
  const grants = createConnectorGrantsService({ db, clock, server: authorizationServer });
  const accessTokens = createAccessTokens({ db, clock, cipher, refresher: deps.refresher, config });
  const accountFields = createAccountFields({
    db,
    clock,
    accessTokens,
    timeoutMs: config.connectorTimeoutMs,
  });
  const dataJobs = createDataJobWorker({
    db,
    clock,
    fetchers,
    accessTokens,
    accountFields,
    config,
    log: app.log,
    reportDays: metrics.reportDays,
  });
  const dataJobsLoop = createQueueLoop({
    name: 'data-jobs',
    intervalMs: config.dataApi.workerIntervalMs,
    runOnce: (signal) => dataJobs.runOnce(20, signal),
    outcomes: { done: 'succeeded', failed: 'failed', retried: 'retried', waited: 'retried' },
    metrics: metrics.jobs,
    log: app.log,
  });
  const dataApi = createDataApiService({
    db,
    clock,
    fetchers,
    accountFields,
    config,
    // Does nothing unless the loop runs in this instance (the server; tests run jobs themselves).
    kick: dataJobsLoop.kick,
    onCoalesced: () => metrics.dataJobsCoalesced.inc(),
  });
  const stats = createStatsService({
    db,
    clock,
    requestRetentionDays: config.dataApi.requestRetentionDays,
  });
  // Budgets of data API calls a minute, across instances, sized for a 20-chart report opened
  // by 10 viewers at once (docs/data-api.md explains the arithmetic): per grant, per team (a
  // team's grants together), and jobs started per account.
  const minute = (bucket: string, limit: number, message: string): RateLimit => ({
    bucket,
    limit,
    windowMs: 60 * 1000,
    message,
  });
  const grantLimit = minute(
    'data-api',
    config.dataApi.perMinute,
    'The connector made too many requests in a minute. Wait a minute, then refresh the report.',
  );
  const teamLimit = minute(
    'data-api-team',
    config.dataApi.teamPerMinute,
    'Your team’s reports made too many requests in a minute. Wait a minute, then refresh the report.',
  );
  const dataApiLimits: DataApiLimits = {
    // Both counted in one statement: every data API call pays one round trip for its limits.
    call: (caller, reply) =>
      countRequest(
        { db, clock },
        [
          { limit: grantLimit, key: caller.grantId },
          { limit: teamLimit, key: caller.teamId },
        ],
        reply,
      ),
    accountJobs: rateLimiter(
      { db, clock },
      minute(
        'data-api-account',
        config.dataApi.accountJobsPerMinute,
        'Reports asked for this account’s data too many times in a minute. Wait a minute, then refresh the report.',
      ),
    ),
  };
  return {
    lookerStudioUrls: lookerStudioUrls(config, fetchers),
    handlers: {
      ...connectorGrantsHandlers({ db, config, server: authorizationServer, grants }),
      ...statsHandlers({ stats }),
      // The field explorer reads the same fetchers' schemas the data API answers with.
      ...fieldCataloguesHandlers({
        catalogues: createFieldCataloguesService({
          db,
          fetchers,
          accountSchema: (teamId, account, fetcher) =>
            accountFields.schemaOf(teamId, account, fetcher),
        }),
      }),
    },
    /** The authorization server's and the data API's own routes, outside the contract's endpoints. */
    register: async () => {
      await registerAuthorizationServer(app, {
        config,
        server: authorizationServer,
        authenticate: deps.session.authenticate,
        grants,
      });
      await registerDataApi(app, {
        dataApi,
        baseUrls: config.dataApi.baseUrls,
        issuer: oauthIssuer(config.publicUrl),
        verify: (token, options) => grants.verifyAccessToken(token, options),
        limits: dataApiLimits,
      });
      if (config.sandbox) registerConnectorDocsPage(app);
    },
    /** The report jobs: the queue loop the server runs, and one run now for tests. */
    dataJobs: { loop: dataJobsLoop, runOnce: () => dataJobs.runOnce() },
    purges: [
      (signal: AbortSignal) => dataJobs.purge(signal),
      (signal: AbortSignal) =>
        purgeDataRequests(
          { db, clock, retentionDays: config.dataApi.requestRetentionDays },
          signal,
        ),
      (signal: AbortSignal) =>
        purgeReportDays(
          {
            db,
            clock,
            retentionDays: config.dataApi.reportDaysRetentionDays,
            maxDaysPerTeam: config.dataApi.reportDaysMaxPerTeam,
          },
          signal,
        ),
      (signal: AbortSignal) => purgeQuotaHours({ db, clock }, signal),
      () => purgeOauthArtifacts({ db, clock }),
      // Not a purge, but hourly too: today's usage of every team for the Stats history.
      () => stats.recordUsageDays(),
    ],
  };
}
