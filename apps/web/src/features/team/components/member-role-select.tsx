import type { Role, TeamUser } from '@gds/contract';
import { useState } from 'react';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useChangeMemberRole } from '../api/member-mutations.ts';
import { FieldError } from './field-error.tsx';
import { displayName } from './member-name.ts';

interface MemberRoleSelectProps {
  user: TeamUser;
  roles: readonly Role[];
}

/**
 * The member's role, changed in place. The select shows the server's answer: a refusal (the
 * last Super Admin cannot be demoted) puts the old role back and says why under it.
 */
export function MemberRoleSelect({ user, roles }: MemberRoleSelectProps) {
  const change = useChangeMemberRole();
  const [error, setError] = useState<string | null>(null);
  const errorId = `role-error-${user.id}`;
  const value = change.isPending ? (change.variables?.roleId ?? user.roleId) : user.roleId;

  const onChange = (roleId: string) => {
    setError(null);
    change.mutate(
      { userId: user.id, roleId },
      {
        onSuccess: ({ user: updated }) =>
          showToast(`${displayName(updated)} is now ${updated.roleName}`, { tone: 'success' }),
        onError: (failure) => {
          if (!isSessionError(failure)) setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <div className="role-cell">
      <select
        className="input input-sm role-select"
        aria-label={`Role of ${displayName(user)}`}
        value={value}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid="member-role-select"
      >
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </select>
      {error && <FieldError id={errorId} message={error} testId="member-role-error" />}
    </div>
  );
}
