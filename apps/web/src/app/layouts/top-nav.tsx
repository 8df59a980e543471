import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { useCan } from '../../lib/permissions.ts';
import { ROUTES, type RouteName } from '../../lib/routes.ts';
import { useSkin } from '../../skins/skin-context.tsx';
import { UserMenu } from './user-menu.tsx';

const ITEMS: ReadonlyArray<{ route: RouteName; label: string; icon: IconName }> = [
  { route: 'Team', label: 'Team', icon: 'users' },
  { route: 'DataSources', label: 'Data Sources', icon: 'database' },
  { route: 'Stats', label: 'Stats', icon: 'chart' },
  { route: 'Billing', label: 'Billing', icon: 'card' },
];

/**
 * The top navigation: Billing only with edit_billing, Support when the skin has a URL. On a
 * phone the sections do not fit in a row, so they fold into a menu the Menu button opens;
 * choosing a section or pressing Escape folds it again.
 */
export function TopNav() {
  const skin = useSkin();
  const canBill = useCan(['edit_billing']);
  const items = ITEMS.filter((item) => item.route !== 'Billing' || canBill);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const close = () => setOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    close();
    document.getElementById(`${navId}-button`)?.focus();
  };
  return (
    <header className={open ? 'topnav topnav-open' : 'topnav'} onKeyDown={onKeyDown}>
      <div className="topnav-inner">
        <Link to={ROUTES.Team.path} className="topnav-brand" onClick={close}>
          <img src={skin.logo} alt={`${skin.name} home`} width={150} height={30} />
        </Link>
        <button
          type="button"
          id={`${navId}-button`}
          className="topnav-menu-button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'close' : 'menu'} size={20} />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav className="topnav-links" aria-label="Main" id={navId}>
          <ul>
            {items.map((item) => (
              <li key={item.route}>
                <NavLink
                  to={ROUTES[item.route].path}
                  className="topnav-link"
                  data-testid={`nav-${item.route}`}
                  onClick={close}
                >
                  <Icon name={item.icon} size={16} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            {skin.supportUrl && (
              <li>
                <a
                  href={skin.supportUrl}
                  className="topnav-link"
                  target="_blank"
                  rel="noreferrer"
                  data-testid="nav-Support"
                  onClick={() => {
                    close();
                    trackEvent('contactSupport', 'support site');
                  }}
                >
                  <Icon name="help" size={16} />
                  Support
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div className="topnav-user">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
