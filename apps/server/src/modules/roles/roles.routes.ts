import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionUser } from '../../http/request-context.ts';
import type { RolesService } from './roles.service.ts';

/**
 * The team's roles: read by any member, changed with manage_roles (declared in the contract);
 * each team may create, change and delete only so many an hour.
 */
export function rolesHandlers(deps: {
  roles: RolesService;
  /** Role creates, changes and deletes, counted per team. */
  teamLimit: RateLimiter;
}): Pick<Handlers, 'getRoles' | 'getRole' | 'createRole' | 'updateRole' | 'deleteRole'> {
  const { roles, teamLimit } = deps;
  const limited = async (user: SessionUser, reply: Parameters<RateLimiter>[1]) => {
    await teamLimit(user.teamId, reply);
    return user;
  };
  return {
    getRoles: async ({ user }) => roles.list(user),
    getRole: async ({ user, query }) => roles.get(user, query.role_id),
    createRole: async ({ user, body, reply }) => roles.create(await limited(user, reply), body),
    updateRole: async ({ user, body, reply }) => roles.update(await limited(user, reply), body),
    deleteRole: async ({ user, query, reply }) =>
      roles.delete(await limited(user, reply), query.id),
  };
}
