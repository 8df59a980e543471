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

/** The top navigation: Billing only with edit_billing, Support when the skin has a URL. */
export function TopNav() {
  const skin = useSkin();
  const canBill = useCan(['edit_billing']);
  const items = ITEMS.filter((item) => item.route !== 'Billing' || canBill);
  return (
    <header className="topnav">
      <div className="topnav-inner">
        <Link to={ROUTES.Team.path} className="topnav-brand">
          <img src={skin.logo} alt={`${skin.name} home`} width={150} height={30} />
        </Link>
        <nav className="topnav-links" aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.route}>
                <NavLink
                  to={ROUTES[item.route].path}
                  className="topnav-link"
                  data-testid={`nav-${item.route}`}
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
                  onClick={() => trackEvent('contactSupport', 'support site')}
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
