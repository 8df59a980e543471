import type { Handlers } from '../../http/route.ts';
import { toAdminInfo } from './team.mappers.ts';
import type { TeamService } from './team.service.ts';

/** The caller's team: profile and rename. Private routes; the user is always set. */
export function teamHandlers(deps: {
  teams: TeamService;
}): Pick<Handlers, 'getTeamInfo' | 'updateTeamInfo'> {
  const { teams } = deps;
  return {
    getTeamInfo: ({ user, auth }) =>
      Promise.resolve({ ...teams.getInfo(user), admin: toAdminInfo(auth) }),
    updateTeamInfo: async ({ user, body }) => teams.rename(user, body.name),
  };
}
