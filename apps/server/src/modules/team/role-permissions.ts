import { ADMIN_ROLE, PERMISSIONS, SUPER_ADMIN_ROLE } from '@gds/contract';
import type { Permission, PermissionMap } from '@gds/contract';
import type { BuiltInRole } from '../../db/schema.ts';

/** The built-in kind of each default role by name (when a team is made); others are the team's. */
export const BUILT_IN_BY_NAME: Readonly<Record<string, BuiltInRole>> = {
  [SUPER_ADMIN_ROLE]: 'super_admin',
  [ADMIN_ROLE]: 'admin',
};

/**
 * What a role grants. Super Admin holds every permission whatever is stored, so a permission
 * added later reaches it without a data change. Other roles grant exactly their stored true
 * values: unknown names and non-boolean values grant nothing.
 */
export function effectivePermissions(builtIn: BuiltInRole | null, stored: unknown): PermissionMap {
  const map: PermissionMap = {};
  if (builtIn === 'super_admin') {
    for (const name of PERMISSIONS) map[name] = true;
    return map;
  }
  if (typeof stored !== 'object' || stored === null) return map;
  for (const name of PERMISSIONS) {
    const value: unknown = (stored as Record<string, unknown>)[name];
    if (typeof value === 'boolean') map[name] = value;
  }
  return map;
}

/** Every permission name with true or false, as a role is answered and stored. */
export function fullPermissionMap(granted: PermissionMap): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((name) => [name, granted[name] === true])) as Record<
    Permission,
    boolean
  >;
}

/** The permissions a map grants, by name. */
export function grantedNames(map: PermissionMap): Permission[] {
  return PERMISSIONS.filter((name) => map[name] === true);
}

/**
 * Nobody hands out more than they hold: a member may give a role, change a role, or act on a
 * member only when every permission involved is one they hold themselves. It keeps an Admin
 * from making anyone (themselves included) Super Admin, or from editing their way to billing.
 */
export function holdsAll(holder: PermissionMap, granted: PermissionMap): boolean {
  return grantedNames(granted).every((name) => holder[name] === true);
}
