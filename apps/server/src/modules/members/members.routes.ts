import { unauthenticated } from '../../lib/errors.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionCookie } from '../sessions/session-cookie.ts';
import { clearSessionCookie } from '../sessions/session-cookie.ts';
import type { SessionUser } from '../../http/request-context.ts';
import type { MembersService } from './members.service.ts';

/** The team's members: list, one member, role change, removal, and leaving the team. */
export function membersHandlers(deps: {
  members: MembersService;
  cookie: SessionCookie;
}): Pick<
  Handlers,
  'getTeamUsers' | 'getTeamUser' | 'updateTeamUser' | 'removeTeamUser' | 'leaveTeam'
> {
  const { members } = deps;
  return {
    getTeamUsers: async ({ user }) => members.list(required(user)),
    getTeamUser: async ({ user, query }) => members.get(required(user), query.user_email),
    updateTeamUser: async ({ user, body }) => members.changeRole(required(user), body),
    removeTeamUser: async ({ user, query }) => members.remove(required(user), query),
    leaveTeam: async ({ user, body, reply }) => {
      const answer = await members.leave(required(user), body);
      // The user and their sessions are gone; the browser's cookie names nothing now.
      clearSessionCookie(reply, deps.cookie);
      return answer;
    },
  };
}

function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
