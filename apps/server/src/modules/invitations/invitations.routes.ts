import type { Config } from '../../config/config.ts';
import { appOriginOf } from '../../http/app-origin.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionCookie } from '../sessions/session-cookie.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { InvitationAcceptance } from './invitation-accept.service.ts';
import type { InvitationsService } from './invitations.service.ts';

/**
 * Invitations: the team's list, create, resend and revoke (manage_members; each team may send
 * only so many an hour), and the link's page and accepting it.
 */
export function invitationsHandlers(deps: {
  config: Config;
  invitations: InvitationsService;
  acceptance: InvitationAcceptance;
  sessions: SessionService;
  cookie: SessionCookie;
  /** Invitations created or resent, counted per team. */
  teamLimit: RateLimiter;
}): Pick<
  Handlers,
  | 'getInvitations'
  | 'createInvitation'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'getInvitationInfo'
  | 'acceptInvitation'
> {
  const { invitations, acceptance } = deps;
  return {
    getInvitations: async ({ user }) => invitations.list(user),
    createInvitation: async ({ user, body, req, reply }) => {
      const caller = user;
      await deps.teamLimit(caller.teamId, reply);
      return invitations.create(caller, body, appOriginOf(req, deps.config));
    },
    resendInvitation: async ({ user, body, req, reply }) => {
      const caller = user;
      await deps.teamLimit(caller.teamId, reply);
      return invitations.resend(caller, body, appOriginOf(req, deps.config));
    },
    revokeInvitation: async ({ user, query }) => invitations.revoke(user, query.id),
    getInvitationInfo: async ({ unit, user, query }) => acceptance.info(unit, query.token, user),
    acceptInvitation: async ({ auth, user, body, reply }) => {
      const caller = user;
      const { teamName, moved } = await acceptance.accept(caller, body.token);
      // Joining another team is a change of who this session acts for: a new session id.
      if (moved && auth.kind === 'session') {
        setSessionCookie(
          reply,
          deps.cookie,
          await deps.sessions.rotate(auth.token, caller.teamUnit, caller.id),
        );
      }
      return { success: true as const, teamName };
    },
  };
}
