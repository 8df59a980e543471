import { unauthenticated } from '../../lib/errors.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionUser } from '../../http/request-context.ts';
import type { RolesService } from './roles.service.ts';

/** The team's roles: read by any member, changed with manage_roles (declared in the contract). */
export function rolesHandlers(deps: {
  roles: RolesService;
}): Pick<Handlers, 'getRoles' | 'getRole' | 'createRole' | 'updateRole' | 'deleteRole'> {
  const { roles } = deps;
  return {
    getRoles: async ({ user }) => roles.list(required(user)),
    getRole: async ({ user, query }) => roles.get(required(user), query.role_id),
    createRole: async ({ user, body }) => roles.create(required(user), body),
    updateRole: async ({ user, body }) => roles.update(required(user), body),
    deleteRole: async ({ user, query }) => roles.delete(required(user), query.id),
  };
}

function required(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}
