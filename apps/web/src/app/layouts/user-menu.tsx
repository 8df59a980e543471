import type { Skin } from '@gds/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { DropdownMenu, type MenuItem } from '../../components/dropdown-menu.tsx';
import { teamInfoQueryOptions } from '../../features/team/api/team-info.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { ROUTES } from '../../lib/routes.ts';
import { supportEmailHref } from '../../lib/support-contact.ts';
import { useSkin } from '../../skins/skin-context.tsx';

/** The skin's FAQ and support email, where people look for help once signed in. */
function helpItems(skin: Skin): MenuItem[] {
  const items: MenuItem[] = [];
  if (skin.faqUrl) {
    items.push({
      label: 'Help & FAQ',
      icon: 'help',
      href: skin.faqUrl,
      testId: 'faq-item',
      onSelect: () => trackEvent('contactSupport', 'faq'),
    });
  }
  if (skin.supportEmail) {
    items.push({
      label: 'Email support',
      icon: 'mail',
      href: supportEmailHref(skin),
      testId: 'email-support-item',
      onSelect: () => trackEvent('contactSupport', 'support email'),
    });
  }
  return items;
}

/**
 * Right side of the top navigation: the user's picture and email, opening 'Profile', 'Admin'
 * (platform admins only), help and 'Log Out'.
 */
export function UserMenu() {
  const user = useAppStore((state) => state.user);
  const skin = useSkin();
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
        {
          label: 'Profile',
          icon: 'mail',
          testId: 'profile-item',
          onSelect: () => void navigate(ROUTES.Profile.path),
        },
        ...adminItem,
        ...helpItems(skin),
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
