import { SUPER_ADMIN_ROLE, formatMediumDate, type Role, type TeamUser } from '@gds/contract';
import { Avatar } from '../../../components/avatar.tsx';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { MemberRoleSelect } from './member-role-select.tsx';
import { displayName } from './member-name.ts';
import { SkeletonRows } from './skeleton-rows.tsx';

interface MembersTableProps {
  users: readonly TeamUser[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  currentUserId: string | undefined;
  /** With manage_members: the roles to choose from (once loaded) and a Remove per row. */
  manage: { roles: readonly Role[] | undefined; onRemove: (user: TeamUser) => void } | null;
}

export function MembersTable({
  users,
  isLoading,
  error,
  onRetry,
  currentUserId,
  manage,
}: MembersTableProps) {
  if (error) {
    return (
      <EmptyState
        icon="alert"
        tone="danger"
        title="Members could not be loaded"
        headingLevel={3}
        actions={<Button onClick={onRetry}>Try again</Button>}
      >
        {errorMessage(error)}
      </EmptyState>
    );
  }
  const columns = manage ? 5 : 4;
  return (
    // Focusable so keyboard users can scroll it when a narrow screen makes it overflow.
    <div className="table-wrap" role="region" aria-label="Team members" tabIndex={0}>
      <table className="table table-stack members-table" aria-busy={isLoading || undefined}>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col" className="col-optional">
              Joined
            </th>
            <th scope="col" className="col-optional">
              Last active
            </th>
            {manage && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {isLoading || !users ? (
            <SkeletonRows columns={columns} />
          ) : (
            users.map((user) => {
              const isMe = user.id === currentUserId;
              return (
                <tr key={user.id} data-testid="member-row">
                  <td>
                    <div className="member">
                      <Avatar name={displayName(user)} email={user.email} image={user.image} />
                      <div className="member-text">
                        <span className="member-name">
                          {displayName(user)}
                          {isMe && <span className="member-you">You</span>}
                        </span>
                        <span className="member-email">{user.email}</span>
                      </div>
                    </div>
                  </td>
                  <td data-label="Role">
                    {manage?.roles ? (
                      <MemberRoleSelect user={user} roles={manage.roles} />
                    ) : (
                      <Badge tone={user.roleName === SUPER_ADMIN_ROLE ? 'primary' : 'neutral'}>
                        {user.roleName}
                      </Badge>
                    )}
                  </td>
                  <td className="col-optional nowrap" data-label="Joined">
                    {formatMediumDate(user.joinedAt)}
                  </td>
                  <td className="col-optional nowrap" data-label="Last active">
                    <RelativeTime value={user.lastActiveAt} testId="member-last-active" />
                  </td>
                  {manage && (
                    <td className="col-actions">
                      {!isMe && (
                        <button
                          type="button"
                          className="icon-button icon-button-danger"
                          aria-label={`Remove ${displayName(user)}`}
                          title="Remove from team"
                          onClick={() => manage.onRemove(user)}
                          data-testid="remove-member"
                        >
                          <Icon name="trash" size={16} />
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
