import { unauthenticated } from '../../errors.ts';
import type { Handlers } from '../../http/route.ts';
import { adminInfoOf } from '../admin/platform-admins.ts';
import type { SessionUser } from './users.repository.ts';
import type { TeamService } from './team.service.ts';

/** The caller's team: profile, rename, members. Private routes; the user is always set. */
export function teamHandlers(deps: {
  teams: TeamService;
}): Pick<Handlers, 'getTeamInfo' | 'updateTeamInfo' | 'getTeamUsers'> {
  const { teams } = deps;
  return {
    getTeamInfo: async ({ user, auth }) => ({
      ...(await teams.getInfo(required(user))),
      admin: adminInfoOf(auth),
    }),
    updateTeamInfo: async ({ user, body }) => teams.rename(required(user), body.name),
    getTeamUsers: async ({ user }) => teams.listUsers(required(user)),
  };
}

/** Private routes never run without a user; this keeps that true if a declaration changes. */
function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
