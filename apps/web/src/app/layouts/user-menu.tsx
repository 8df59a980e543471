import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { DropdownMenu } from '../../components/dropdown-menu.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { ROUTES } from '../../lib/routes.ts';

/** Right side of the top navigation: the user's picture and email, opening 'Log Out'. */
export function UserMenu() {
  const user = useAppStore((state) => state.user);
  const navigate = useNavigate();
  if (!user) return null;
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
