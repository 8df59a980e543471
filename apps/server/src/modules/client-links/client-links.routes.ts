import type { Config } from '../../config/config.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Handlers } from '../../http/route.ts';
import type { ClientBrowserCookie } from './client-browser-cookie.ts';
import { ensureClientBrowser, readClientBrowser } from './client-browser-cookie.ts';
import type { ClientConnect } from './client-connect.service.ts';
import type { ClientLinksService } from './client-links.service.ts';

/**
 * Client connect links: the team's list, create, ask to reconnect and revoke
 * (manage_data_sources; each team may make only so many an hour), and the client's public page,
 * start and result.
 */
export function clientLinksHandlers(deps: {
  config: Config;
  links: ClientLinksService;
  client: ClientConnect;
  cookie: ClientBrowserCookie;
  /** Links created, counted per team. */
  teamLimit: RateLimiter;
}): Pick<
  Handlers,
  | 'getClientLinks'
  | 'createClientLink'
  | 'revokeClientLink'
  | 'askToReconnect'
  | 'getClientLinkInfo'
  | 'startClientConnection'
  | 'getClientConnectionResult'
> {
  const { links, client } = deps;
  return {
    getClientLinks: async ({ user }) => links.list(user),
    createClientLink: async ({ user, body, req, reply }) => {
      const caller = user;
      await deps.teamLimit(caller.teamId, reply);
      return links.create(caller, body, appOriginOf(req, deps.config));
    },
    revokeClientLink: async ({ user, query }) => links.revoke(user, query.id),
    askToReconnect: async ({ user, body, req, reply }) => {
      // A reconnect link is a client link: it counts against the same hourly budget.
      await deps.teamLimit(user.teamId, reply);
      return links.askToReconnect(user, body, appOriginOf(req, deps.config));
    },
    getClientLinkInfo: async ({ unit, query }) => client.info(unit, query.token),
    startClientConnection: async ({ unit, body, req, reply }) => {
      // The origin first: a refused host must not leave a cookie behind.
      const origin = appOriginOf(req, deps.config);
      return client.start({
        unit,
        token: body.token,
        email: body.email,
        browser: ensureClientBrowser(req, reply, deps.cookie),
        origin,
      });
    },
    getClientConnectionResult: async ({ req, query }) =>
      client.result(readClientBrowser(req, deps.cookie), query.id),
  };
}
