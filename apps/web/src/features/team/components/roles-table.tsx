import type { Role } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import type { PermissionIdentifier } from '../api/roles.ts';

interface RolesTableProps {
  roles: readonly Role[];
  identifiers: readonly PermissionIdentifier[];
  /** With manage_roles: Edit for editable roles, Delete for the team's own. */
  manage: { onEdit: (role: Role) => void; onDelete: (role: Role) => void } | null;
}

/** Each role with how many members hold it and what it allows. */
export function RolesTable({ roles, identifiers, manage }: RolesTableProps) {
  const granted = (role: Role) => identifiers.filter((p) => role.permissions[p.name]);
  return (
    <DataTable
      label="Roles"
      className="table-stack roles-table"
      rows={roles}
      rowKey={(role) => role.id}
      rowTestId="role-row"
      columns={[
        {
          header: 'Role',
          rowHeader: true,
          cell: (role) => (
            <span className="role-name">
              {role.name}
              {role.builtIn && <Badge tone="primary">Built-in</Badge>}
            </span>
          ),
        },
        {
          header: 'Members',
          cellClassName: 'nowrap',
          cellTestId: 'role-members',
          cell: (role) => role.memberCount,
        },
        {
          header: 'Permissions',
          cell: (role) => {
            const allows = granted(role);
            return role.builtIn && !role.editable ? (
              <span className="role-all">Every permission, always</span>
            ) : allows.length === 0 ? (
              <span className="muted">No permissions</span>
            ) : (
              <ul className="permission-chips" aria-label={`What ${role.name} may do`}>
                {allows.map((p) => (
                  <li key={p.name} title={p.description}>
                    {p.label}
                  </li>
                ))}
              </ul>
            );
          },
        },
        manage && {
          header: 'Actions',
          hideHeader: true,
          cellClassName: 'col-actions',
          cell: (role) => (
            <div className="row-actions">
              {role.editable ? (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${role.name}`}
                  title="Edit"
                  onClick={() => manage.onEdit(role)}
                  data-testid="edit-role"
                >
                  <Icon name="pencil" size={16} />
                </button>
              ) : (
                <Icon name="lock" size={16} label={`${role.name} cannot be changed`} />
              )}
              {!role.builtIn && (
                <button
                  type="button"
                  className="icon-button icon-button-danger"
                  aria-label={`Delete ${role.name}`}
                  title="Delete"
                  onClick={() => manage.onDelete(role)}
                  data-testid="delete-role"
                >
                  <Icon name="trash" size={16} />
                </button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
