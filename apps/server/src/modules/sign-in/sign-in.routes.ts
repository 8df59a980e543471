import type { Config } from '../../config/config.ts';
import { AppError } from '../../lib/errors.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionCookie } from '../sessions/session-cookie.ts';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { TeamService } from '../team/team.service.ts';
import type { SignInService } from './sign-in.service.ts';

/** Sign-in, its callback and sign-out. */
export function signInHandlers(deps: {
  config: Config;
  signIn: SignInService;
  sessions: SessionService;
  teams: TeamService;
  cookie: SessionCookie;
}): Pick<Handlers, 'login' | 'loginCallback' | 'logout'> {
  const { signIn, cookie } = deps;

  return {
    login: async ({ req, reply, unit, query, body }) => {
      const current = req.auth.kind === 'session' ? req.auth.token : undefined;
      const started = await signIn.startLogin({
        unit,
        origin: appOriginOf(req, deps.config),
        sessionToken: current,
        nextUrl: query.nextUrl,
        partnerKey: body.partnerKey,
        invitation: body.invitation,
      });
      if (started.newSession) setSessionCookie(reply, cookie, started.sessionToken);
      return { authUri: started.authUri };
    },

    loginCallback: async ({ req, reply, unit, query }) => {
      const done = await signIn.completeLogin({
        unit,
        sessionToken: req.auth.kind === 'session' ? req.auth.token : undefined,
        query,
      });
      setSessionCookie(reply, cookie, done.sessionToken);
      const user = await deps.teams.findSessionUser(done.userId);
      if (!user) throw new AppError('INTERNAL', 'The signed-in user vanished.');
      const info = deps.teams.getInfo(user);
      return {
        success: true as const,
        user: info.user,
        team: info.team,
        nextUrl: done.nextUrl,
        invitation: done.invitation,
      };
    },

    logout: async ({ req, reply }) => {
      if (req.auth.kind === 'session') await deps.sessions.destroy(req.auth.token);
      clearSessionCookie(reply, cookie);
      return { success: true as const };
    },
  };
}
