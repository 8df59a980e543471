import { rateLimit, rateLimiter } from '../http/rate-limit.ts';
import { clientBrowserCookieFor } from '../modules/client-links/client-browser-cookie.ts';
import { clientCallback } from '../modules/client-links/client-connect-callback.ts';
import { createClientConnect } from '../modules/client-links/client-connect.service.ts';
import { clientLinksHandlers } from '../modules/client-links/client-links.routes.ts';
import { createClientLinksService } from '../modules/client-links/client-links.service.ts';
import type { ConnectionDeps } from '../modules/connection/connection-deps.ts';
import { connectionHandlers } from '../modules/connection/connection.routes.ts';
import { purgeConnectionResults } from '../modules/connection/connection-results.service.ts';
import { registerOAuthCallback } from '../modules/connection/oauth-callback.routes.ts';
import { createTokenRefresher } from '../modules/credentials/token-refresher.ts';
import { dataSourcesHandlers } from '../modules/data-sources/data-sources.routes.ts';
import { createDataSourcesService } from '../modules/data-sources/data-sources.service.ts';
import { createOauthStatesService } from '../modules/oauth-states/oauth-states.service.ts';
import type { ProviderStandIn } from '../modules/providers/provider-directory.ts';
import { createProviderDirectory } from '../modules/providers/provider-directory.ts';
import type { Gates } from '../http/route.ts';
import type { AppCore } from './app-core.ts';
import type { SessionWiring } from './sign-in.ts';

/**
 * Data sources and connecting them: the providers, the connection flow with its OAuth
 * callback, the stored credentials and their refresh, and client links.
 */
export function wireConnections(
  core: AppCore,
  deps: {
    session: SessionWiring;
    /** Demo mode: serves the connectors that have no real registration. */
    providerStandIn: ProviderStandIn | undefined;
  },
) {
  const { app, config, db, clock, cipher, mailer } = core;
  const providers = createProviderDirectory(config, deps.providerStandIn);
  const connect: ConnectionDeps = {
    db,
    clock,
    cipher,
    providers,
    config,
    states: createOauthStatesService(db),
  };
  const dataSources = createDataSourcesService({
    db,
    clock,
    providers,
    retentionDays: config.dataSourceRetentionDays,
  });
  const refresher = createTokenRefresher({ db, clock, cipher, providers, config, log: app.log });
  // Client links: the client's page, start and result per IP; links made per team and hour.
  const clientLinkPageLimit = rateLimit(
    { db, clock },
    {
      bucket: 'client-link-page',
      perMinute: config.rateLimitClientLinkPagesPerMinute,
      message: 'Too many requests for this link. Please wait a minute and try again.',
    },
  );
  const teamClientLinkLimit = rateLimiter(
    { db, clock },
    {
      bucket: 'team-client-links',
      limit: config.rateLimitClientLinksPerHour,
      windowMs: 60 * 60 * 1000,
      message:
        'Your team has made the most client links allowed in an hour. Please try again later.',
    },
  );
  const clientCookie = clientBrowserCookieFor(config.publicUrl);
  return {
    providers,
    refresher,
    handlers: {
      ...dataSourcesHandlers({ dataSources }),
      ...connectionHandlers({ config, connect }),
      ...clientLinksHandlers({
        config,
        links: createClientLinksService({ db, clock, mailer, providers }),
        client: createClientConnect(connect),
        cookie: clientCookie,
        teamLimit: teamClientLinkLimit,
      }),
    },
    gates: {
      getClientLinkInfo: clientLinkPageLimit,
      startClientConnection: clientLinkPageLimit,
      getClientConnectionResult: clientLinkPageLimit,
    } satisfies Gates,
    /** The providers' OAuth callback, outside the contract's endpoints. */
    register: () =>
      registerOAuthCallback(app, {
        authenticate: deps.session.authenticate,
        connect,
        client: clientCallback({ connect, cookie: clientCookie }),
      }),
    purges: [() => dataSources.purgeDeletedAccounts(), () => purgeConnectionResults({ db, clock })],
  };
}
