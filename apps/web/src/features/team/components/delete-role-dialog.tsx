import type { Role } from '@gds/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteRole } from '../api/roles.ts';

/**
 * Deleting a role asks first. A role somebody holds cannot go (they would be left without
 * one), so the dialog says who must move first instead of offering the button.
 */
export function DeleteRoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  return <DeleteRoleConfirm key={role?.id ?? 'none'} role={role} onClose={onClose} />;
}

function DeleteRoleConfirm({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const remove = useDeleteRole();
  const [error, setError] = useState<string | null>(null);
  const inUse = (role?.memberCount ?? 0) > 0;

  const confirm = async () => {
    if (!role) return;
    setError(null);
    try {
      await remove.mutateAsync(role.id);
      showToast(`The ${role.name} role was deleted`, { tone: 'success' });
      onClose();
    } catch (failure) {
      if (isSessionError(failure)) onClose();
      else setError(errorMessage(failure));
    }
  };

  const count = role?.memberCount ?? 0;
  return (
    <ConfirmDialog
      open={role !== null}
      title={inUse ? `${role?.name} is in use` : `Delete the ${role?.name} role?`}
      confirmLabel="Delete role"
      onConfirm={confirm}
      onCancel={onClose}
      canConfirm={!inUse}
      error={error}
      testId="delete-role-dialog"
    >
      {inUse ? (
        <p data-testid="role-in-use">
          {count === 1 ? '1 member has' : `${count} members have`} this role. Give{' '}
          {count === 1 ? 'them' : 'each of them'} another role under Members first, then delete it.
        </p>
      ) : (
        <p>Nobody has this role. Deleting it cannot be undone.</p>
      )}
    </ConfirmDialog>
  );
}
