import { SUPER_ADMIN_ROLE, formatMediumDate, type TeamUser } from '@gds/contract';
import { Avatar } from '../../../components/avatar.tsx';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';

export function fullName(user: Pick<TeamUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

interface MembersTableProps {
  users: readonly TeamUser[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  currentEmail?: string | undefined;
}

export function MembersTable({
  users,
  isLoading,
  error,
  onRetry,
  currentEmail,
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
  if (!isLoading && users?.length === 0) {
    return (
      <EmptyState icon="users" title="No members yet" headingLevel={3}>
        People who join your team will be listed here.
      </EmptyState>
    );
  }
  return (
    // Focusable so keyboard users can scroll it when a narrow screen makes it overflow.
    <div className="table-wrap" role="region" aria-label="Team members" tabIndex={0}>
      <table className="table members-table" aria-busy={isLoading || undefined}>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col" className="col-optional">
              Joined
            </th>
            <th scope="col" className="col-optional">
              Last sign-in
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading || !users
            ? [0, 1, 2].map((row) => <SkeletonRow key={row} />)
            : users.map((user) => (
                <tr key={user.id} data-testid="member-row">
                  <td>
                    <div className="member">
                      <Avatar name={fullName(user)} email={user.email} image={user.image} />
                      <div className="member-text">
                        <span className="member-name">
                          {fullName(user) || user.email}
                          {user.email === currentEmail && <span className="member-you">You</span>}
                        </span>
                        <span className="member-email">{user.email}</span>
                      </div>
                    </div>
                  </td>
                  <td>
                    <Badge tone={user.roleName === SUPER_ADMIN_ROLE ? 'primary' : 'neutral'}>
                      {user.roleName}
                    </Badge>
                  </td>
                  <td className="col-optional nowrap">{formatMediumDate(user.joinedAt)}</td>
                  <td className="col-optional nowrap">
                    {user.lastLoginAt ? formatMediumDate(user.lastLoginAt) : 'Never'}
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRow() {
  return (
    <tr aria-hidden="true">
      <td>
        <div className="member">
          <span className="avatar avatar-md skeleton-circle" />
          <div className="member-text">
            <Skeleton width={120} />
            <Skeleton width={170} height={10} />
          </div>
        </div>
      </td>
      <td>
        <Skeleton width={70} height={20} />
      </td>
      <td className="col-optional">
        <Skeleton width={90} />
      </td>
      <td className="col-optional">
        <Skeleton width={90} />
      </td>
    </tr>
  );
}
