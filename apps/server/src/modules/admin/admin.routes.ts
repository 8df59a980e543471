import type { Db } from '../../db/database.ts';
import { forbidden, unauthenticated } from '../../lib/errors.ts';
import type { Handlers } from '../../http/route.ts';
import type { RequestAuth } from '../../http/request-context.ts';
import type { SessionCookie } from '../sessions/session-cookie.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { toProfileUser } from '../team/team.mappers.ts';
import type { AdminSession, AdminSwitchService } from './admin-switch.service.ts';
import { searchTeams } from './team-search.service.ts';

/** /admin's team search and the admin user switch (start and return). */
export function adminHandlers(deps: {
  db: Db;
  switches: AdminSwitchService;
  cookie: SessionCookie;
}): Pick<Handlers, 'searchTeams' | 'userSwitch' | 'endUserSwitch'> {
  const { switches, cookie } = deps;
  return {
    searchTeams: async ({ unit, query }) => searchTeams(deps.db, unit, query.q),

    userSwitch: async ({ auth, unit, body, reply }) => {
      const started = await switches.start(adminSession(auth), unit, body.user, body.teamId);
      setSessionCookie(reply, cookie, started.token);
      return { status: 'Success' as const, userData: toProfileUser(started.target) };
    },

    endUserSwitch: async ({ auth, reply }) => {
      if (auth.kind !== 'session' || !auth.user) throw unauthenticated();
      const token = await switches.end({
        token: auth.token,
        session: auth.session,
        user: auth.user,
        admin: auth.platformAdmin,
      });
      setSessionCookie(reply, cookie, token);
      return { status: 'Success' as const };
    },
  };
}

/** The route already allowed only platform admins; this keeps that true if it changes. */
function adminSession(auth: RequestAuth): AdminSession {
  if (auth.kind !== 'session' || !auth.user) throw unauthenticated();
  if (!auth.platformAdmin) throw forbidden();
  return { token: auth.token, session: auth.session, admin: auth.platformAdmin };
}
