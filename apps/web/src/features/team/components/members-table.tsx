import { SUPER_ADMIN_ROLE, formatMediumDate, type Role, type TeamUser } from '@gds/contract';
import { Avatar } from '../../../components/avatar.tsx';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
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
  return (
    <DataTable
      label="Team members"
      className="table-stack members-table"
      rows={isLoading ? undefined : users}
      placeholder={<SkeletonRows columns={manage ? 5 : 4} />}
      rowKey={(user) => user.id}
      rowTestId="member-row"
      columns={[
        {
          header: 'Member',
          cell: (user) => (
            <div className="member">
              <Avatar name={displayName(user)} email={user.email} image={user.image} />
              <div className="member-text">
                <span className="member-name">
                  {displayName(user)}
                  {user.id === currentUserId && <span className="member-you">You</span>}
                </span>
                <span className="member-email">{user.email}</span>
              </div>
            </div>
          ),
        },
        {
          header: 'Role',
          cell: (user) =>
            manage?.roles ? (
              <MemberRoleSelect user={user} roles={manage.roles} />
            ) : (
              <Badge tone={user.roleName === SUPER_ADMIN_ROLE ? 'primary' : 'neutral'}>
                {user.roleName}
              </Badge>
            ),
        },
        {
          header: 'Joined',
          className: 'col-optional',
          cellClassName: 'nowrap',
          cell: (user) => formatMediumDate(user.joinedAt),
        },
        {
          header: 'Last active',
          className: 'col-optional',
          cellClassName: 'nowrap',
          cell: (user) => <RelativeTime value={user.lastActiveAt} testId="member-last-active" />,
        },
        manage && {
          header: 'Actions',
          hideHeader: true,
          cellClassName: 'col-actions',
          cell: (user) =>
            user.id !== currentUserId && (
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
            ),
        },
      ]}
    />
  );
}
