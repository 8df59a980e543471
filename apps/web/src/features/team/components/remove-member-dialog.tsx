import type { TeamUser } from '@gds/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { credentialCountText } from '../../../lib/credential-count.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useRemoveMember } from '../api/member-mutations.ts';
import { displayName } from './member-name.ts';

interface RemoveMemberDialogProps {
  /** The member to remove; null keeps the dialog closed. */
  user: TeamUser | null;
  members: readonly TeamUser[];
  currentUserId: string | undefined;
  teamName: string;
  onClose: () => void;
}

/**
 * Removing someone ends their sessions at once. The data-source credentials they authorised must
 * keep working, so when they have any the dialog asks who takes them over (yourself unless
 * you choose another member) before anything is removed.
 */
export function RemoveMemberDialog(props: RemoveMemberDialogProps) {
  // A fresh form per member: the choice and any refusal belong to that one removal.
  return <RemoveMemberForm key={props.user?.id ?? 'none'} {...props} />;
}

function RemoveMemberForm({
  user,
  members,
  currentUserId,
  teamName,
  onClose,
}: RemoveMemberDialogProps) {
  const selectId = useId();
  const remove = useRemoveMember();
  const others = members.filter((m) => m.id !== user?.id);
  const [transferTo, setTransferTo] = useState(currentUserId ?? others[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const credentials = user?.credentialCount ?? 0;

  const confirm = async () => {
    if (!user) return;
    setError(null);
    try {
      const answer = await remove.mutateAsync({
        id: user.id,
        transferTo: credentials > 0 ? transferTo : undefined,
      });
      const heir = others.find((m) => m.id === transferTo);
      const moved =
        answer.credentialsTransferred > 0 && heir
          ? ` Their ${credentialCountText(answer.credentialsTransferred)} now belong to ${heir.id === currentUserId ? 'you' : displayName(heir)}.`
          : '';
      showToast(`${displayName(user)} was removed from the team.${moved}`, { tone: 'success' });
      onClose();
    } catch (failure) {
      if (isSessionError(failure)) onClose();
      else setError(errorMessage(failure));
    }
  };

  return (
    <ConfirmDialog
      open={user !== null}
      title={user ? `Remove ${displayName(user)}?` : ''}
      confirmLabel="Remove member"
      onConfirm={confirm}
      onCancel={onClose}
      error={error}
      testId="remove-member-dialog"
    >
      <p>
        They lose access to {teamName} at once and are signed out everywhere. To bring them back,
        invite them again.
      </p>
      {credentials > 0 && (
        <div className="field dialog-field">
          <label htmlFor={selectId} className="field-label">
            Who takes over their {credentialCountText(credentials)}?
          </label>
          <select
            id={selectId}
            className="input"
            value={transferTo}
            onChange={(event) => setTransferTo(event.target.value)}
            data-testid="transfer-to"
          >
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id === currentUserId ? `${displayName(m)} (you)` : displayName(m)}
              </option>
            ))}
          </select>
          <p className="field-hint">The accounts keep working; only who owns the login changes.</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
