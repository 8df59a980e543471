import { unauthenticated } from '../../lib/errors.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { toAdminInfo } from './team.mappers.ts';
import type { TeamService } from './team.service.ts';

/** The caller's team: profile and rename. Private routes; the user is always set. */
export function teamHandlers(deps: {
  teams: TeamService;
}): Pick<Handlers, 'getTeamInfo' | 'updateTeamInfo'> {
  const { teams } = deps;
  return {
    getTeamInfo: ({ user, auth }) =>
      Promise.resolve({ ...teams.getInfo(required(user)), admin: toAdminInfo(auth) }),
    updateTeamInfo: async ({ user, body }) => teams.rename(required(user), body.name),
  };
}

/** Private routes never run without a user; this keeps that true if a declaration changes. */
function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
