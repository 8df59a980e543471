/**
 * Permissions are data: a role holds a name → boolean map. edit_billing is the one
 * the spec names; the others gate the team, roles and data-source features.
 */
export const PERMISSIONS = [
  'edit_team',
  'manage_members',
  'manage_roles',
  'manage_data_sources',
  'edit_billing',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type PermissionMap = Partial<Record<Permission, boolean>>;

export const PERMISSION_LABELS: Record<Permission, string> = {
  edit_team: 'Rename the team',
  manage_members: 'Invite and remove members',
  manage_roles: 'Create and edit roles',
  manage_data_sources: 'Connect, delete and restore data sources',
  edit_billing: 'Manage plan, add-ons and invoices',
};

/** Role names the product recognises. */
export const SUPER_ADMIN_ROLE = 'Super Admin';
export const ADMIN_ROLE = 'Admin';
export const MEMBER_ROLE = 'Member';

/** The roles every new team starts with. Super Admin holds every permission. */
export const DEFAULT_ROLES: ReadonlyArray<{
  name: string;
  permissions: Record<Permission, boolean>;
}> = [
  {
    name: SUPER_ADMIN_ROLE,
    permissions: {
      edit_team: true,
      manage_members: true,
      manage_roles: true,
      manage_data_sources: true,
      edit_billing: true,
    },
  },
  {
    name: ADMIN_ROLE,
    permissions: {
      edit_team: true,
      manage_members: true,
      manage_roles: false,
      manage_data_sources: true,
      edit_billing: false,
    },
  },
  {
    name: MEMBER_ROLE,
    permissions: {
      edit_team: false,
      manage_members: false,
      manage_roles: false,
      manage_data_sources: true,
      edit_billing: false,
    },
  },
];

/**
 * Every listed permission must be present and truthy; an empty or missing map means
 * no access (even when nothing is required, a user without a map is not let through).
 */
export function hasPermissions(
  permissions: PermissionMap | null | undefined,
  required: readonly Permission[],
): boolean {
  if (!permissions || Object.keys(permissions).length === 0) return false;
  return required.every((name) => permissions[name] === true);
}
