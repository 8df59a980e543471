import type { Role } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
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
    <div className="table-wrap" role="region" aria-label="Roles" tabIndex={0}>
      <table className="table table-stack roles-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Members</th>
            <th scope="col">Permissions</th>
            {manage && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => {
            const allows = granted(role);
            return (
              <tr key={role.id} data-testid="role-row">
                <th scope="row">
                  <span className="role-name">
                    {role.name}
                    {role.builtIn && <Badge tone="primary">Built-in</Badge>}
                  </span>
                </th>
                <td data-label="Members" className="nowrap" data-testid="role-members">
                  {role.memberCount}
                </td>
                <td data-label="Permissions">
                  {role.builtIn && !role.editable ? (
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
                  )}
                </td>
                {manage && (
                  <td className="col-actions">
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
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
