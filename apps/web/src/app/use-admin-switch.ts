import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { takeAdminSwitchCookies } from '../features/admin/admin-switch-cookies.ts';
import { switchUser } from '../features/admin/api/admin-switch.ts';
import { ROUTES } from '../lib/routes.ts';
import { useRestartSession } from './use-restart-session.ts';

/**
 * The admin user switch, on every navigation: when both GDS_ADMIN_* cookies are present they
 * are removed (so the switch is asked for once) and the switch is called. Success clears the
 * stores, force-loads the profile and goes to Team; a failure is only logged — no redirect, no
 * toast — because the cookies alone grant nothing and the person stays where they were.
 */
export function useAdminSwitch(): void {
  const { key } = useLocation();
  const restartSession = useRestartSession();
  useEffect(() => {
    const target = takeAdminSwitchCookies();
    if (!target) return;
    switchUser(target).then(
      () => restartSession(ROUTES.Team.path),
      (error: unknown) => console.error('The admin user switch failed', error),
    );
  }, [key, restartSession]);
}
