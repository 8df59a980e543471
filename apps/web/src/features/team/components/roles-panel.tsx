import type { Role } from '@gds/contract';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useRoles } from '../api/roles.ts';
import { DeleteRoleDialog } from './delete-role-dialog.tsx';
import { PermissionsLegend } from './permissions-legend.tsx';
import { RoleEditorDialog } from './role-editor-dialog.tsx';
import { RolesTable } from './roles-table.tsx';

/** Everyone sees the roles and what each allows; manage_roles creates, edits and deletes. */
export function RolesPanel() {
  const roles = useRoles();
  const canManage = useCan(['manage_roles']);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  if (roles.isError && !isSessionError(roles.error)) {
    return (
      <div className="card">
        <EmptyState
          icon="alert"
          tone="danger"
          title="Roles could not be loaded"
          headingLevel={3}
          actions={<Button onClick={() => void roles.refetch()}>Try again</Button>}
        >
          {errorMessage(roles.error)}
        </EmptyState>
      </div>
    );
  }

  const data = roles.data;
  return (
    <div className="team-section">
      <h2 className="visually-hidden">Roles</h2>
      <div className="section-toolbar">
        <p className="section-lead">
          A role decides what its members may do. Super Admin always holds every permission.
        </p>
        {canManage && (
          <Button
            variant="primary"
            icon={<Icon name="plus" size={16} />}
            disabled={!data}
            onClick={() => setEditing('new')}
            data-testid="new-role"
          >
            New role
          </Button>
        )}
      </div>
      <div className="card" aria-busy={!data || undefined}>
        {data ? (
          <RolesTable
            roles={data.roles}
            identifiers={data.identifiers}
            manage={canManage ? { onEdit: setEditing, onDelete: setDeleting } : null}
          />
        ) : (
          <div className="card-padded">
            <span className="visually-hidden" role="status">
              Loading roles
            </span>
            <Skeleton width="60%" />
          </div>
        )}
      </div>
      {data && <PermissionsLegend identifiers={data.identifiers} />}

      {editing && data && (
        <RoleEditorDialog
          role={editing === 'new' ? null : editing}
          identifiers={data.identifiers}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
