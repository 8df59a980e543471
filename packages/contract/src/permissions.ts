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
  'view_stats',
  'view_activity',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type PermissionMap = Partial<Record<Permission, boolean>>;

export const PERMISSION_LABELS: Record<Permission, string> = {
  edit_team: 'Rename the team',
  manage_members: 'Invite and remove members',
  manage_roles: 'Create and edit roles',
  manage_data_sources: 'Connect, delete and restore data sources',
  edit_billing: 'Manage plan, add-ons and invoices',
  view_stats: 'See usage stats',
  view_activity: 'See and export the activity log',
};

/** What each permission lets a member do, in a sentence (the roles editor shows it). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  edit_team: 'Change the team name and the webhook that tells of credential events.',
  manage_members:
    "Invite people, change members' roles and remove members (their data-source logins move to another member).",
  manage_roles: 'Create custom roles and change or delete them.',
  manage_data_sources:
    'Connect data-source accounts, delete and restore them, and send client connect links.',
  edit_billing: 'Change the plan and add-ons, update the card, download invoices, cancel.',
  view_stats: 'Open the Stats screen: accounts, users and data requests over time.',
  view_activity: 'Open the activity log of the team and export it as CSV.',
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
      view_stats: true,
      view_activity: true,
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
      view_stats: true,
      view_activity: true,
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
      view_stats: true,
      view_activity: false,
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
