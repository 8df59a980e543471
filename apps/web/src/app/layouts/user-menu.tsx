import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { DropdownMenu, type MenuItem } from '../../components/dropdown-menu.tsx';
import { teamInfoQueryOptions } from '../../features/team/api/team-info.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { ROUTES } from '../../lib/routes.ts';

/**
 * Right side of the top navigation: the user's picture and email, opening 'Log Out' (and
 * 'Admin' for platform admins).
 */
export function UserMenu() {
  const user = useAppStore((state) => state.user);
  const platformAdmin = useQuery(teamInfoQueryOptions).data?.admin.platformAdmin === true;
  const navigate = useNavigate();
  if (!user) return null;
  const adminItem: MenuItem[] = platformAdmin
    ? [
        {
          label: 'Admin',
          icon: 'shield',
          testId: 'admin-item',
          onSelect: () => void navigate(ROUTES.Admin.path),
        },
      ]
    : [];
  return (
    <DropdownMenu
      triggerTestId="user-menu"
      menuLabel="Account"
      trigger={
        <>
          <Avatar name={user.name} email={user.email} image={user.image} size="sm" />
          <span className="user-email" data-testid="user-email">
            {user.email}
          </span>
        </>
      }
      header={
        <>
          <span className="dropdown-header-name">{user.name || user.email}</span>
          <span className="dropdown-header-meta">{user.roleName}</span>
        </>
      }
      items={[
        ...adminItem,
        {
          label: 'Log Out',
          icon: 'logout',
          testId: 'logout-item',
          onSelect: () => void navigate(ROUTES.Logout.path),
        },
      ]}
    />
  );
}
