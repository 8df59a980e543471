import type { Handlers } from '../../http/route.ts';
import type { SessionCookie } from '../sessions/session-cookie.ts';
import { clearSessionCookie } from '../sessions/session-cookie.ts';
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
    getTeamUsers: async ({ user }) => members.list(user),
    getTeamUser: async ({ user, query }) => members.get(user, query.user_email),
    updateTeamUser: async ({ user, body }) => members.changeRole(user, body),
    removeTeamUser: async ({ user, query }) => members.remove(user, query),
    leaveTeam: async ({ user, body, reply }) => {
      const answer = await members.leave(user, body);
      // The user and their sessions are gone; the browser's cookie names nothing now.
      clearSessionCookie(reply, deps.cookie);
      return answer;
    },
  };
}
