import type { Config } from '../../config/config.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { HandlerInput, Handlers } from '../../http/route.ts';
import type { Endpoint } from '@gds/contract';
import { submitFormLogin } from './connection-form.ts';
import { startConnection } from './connection-start.ts';
import type { ConnectionDeps } from './connection-deps.ts';
import { readConnectionResult } from './connection-results.service.ts';

/**
 * Starting a connection, the form-login callback, and reading an OAuth connection's result
 * (the OAuth callback itself is oauth-callback.routes.ts).
 */
export function connectionHandlers(deps: {
  config: Config;
  connect: ConnectionDeps;
}): Pick<Handlers, 'startConnection' | 'submitFormLogin' | 'getConnectionResult'> {
  return {
    startConnection: async (input) => {
      const { user, sessionToken } = signedIn(input);
      return startConnection(deps.connect, {
        user,
        sessionToken,
        origin: appOriginOf(input.req, deps.config),
        query: input.query,
      });
    },
    submitFormLogin: async (input) => {
      const { user, sessionToken } = signedIn(input);
      return submitFormLogin(deps.connect, {
        user,
        sessionToken,
        body: input.body,
        log: input.req.log,
      });
    },
    getConnectionResult: async (input) => {
      const { user, sessionToken } = signedIn(input);
      return readConnectionResult(deps.connect, { sessionToken, userId: user.id }, input.query.id);
    },
  };
}

/** Private routes always have a session user; states are bound to that session's token. */
function signedIn<E extends Endpoint>(input: HandlerInput<E>) {
  if (input.auth.kind !== 'session' || !input.user) throw unauthenticated();
  return { user: input.user, sessionToken: input.auth.token };
}
