import { ENDPOINTS } from '@gds/contract';
import { unauthenticated } from '../../errors.ts';
import type { Route } from '../../http/route.ts';
import type { SessionUser } from './users.repository.ts';
import type { TeamService } from './team.service.ts';

/** The caller's team: profile, rename, members. Private routes; the user is always set. */
export function registerTeamRoutes(route: Route, deps: { teams: TeamService }): void {
  const { teams } = deps;
  route(ENDPOINTS.getTeamInfo, async ({ user }) => teams.getInfo(required(user)));
  route(ENDPOINTS.updateTeamInfo, async ({ user, body }) =>
    teams.rename(required(user), body.name),
  );
  route(ENDPOINTS.getTeamUsers, async ({ user }) => teams.listUsers(required(user)));
}

/** Private routes never run without a user; this keeps that true if a declaration changes. */
function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
