import { PERMISSIONS, PERMISSION_DESCRIPTIONS, PERMISSION_LABELS } from '@gds/contract';
import type { Role } from '@gds/contract';
import { effectivePermissions, fullPermissionMap } from '../team/role-permissions.ts';
import type { RoleView } from './roles.repository.ts';

/** A role row → the contract's role: Super Admin shows every permission, fixed. */
export function toRole(row: RoleView): Role {
  return {
    id: row.id,
    name: row.name,
    builtIn: row.built_in !== null,
    editable: row.built_in !== 'super_admin',
    permissions: fullPermissionMap(effectivePermissions(row.built_in, row.permissions)),
    memberCount: row.member_count ?? 0,
  };
}

/** The permissions the roles editor offers, in the contract's order. */
export const PERMISSION_IDENTIFIERS = PERMISSIONS.map((name) => ({
  name,
  label: PERMISSION_LABELS[name],
  description: PERMISSION_DESCRIPTIONS[name],
}));
