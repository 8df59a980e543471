import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { signOut } from '../sign-out.ts';

// One logout at a time, even if the screen mounts twice (StrictMode, a second 401).
let inFlight: Promise<void> | null = null;

/**
 * /logout: end the server session, forget all server state (team, plan, connectors,
 * roles, sources… all live in the query cache) and the stored user, announce userLogout, and
 * go to /login. It runs once the previous screen has unmounted, so nothing refetches.
 */
export function LogoutScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    inFlight ??= signOut(queryClient).finally(() => {
      inFlight = null;
    });
    void inFlight.then(() => navigate(ROUTES.Login.path, { replace: true }));
  }, [queryClient, navigate]);

  return (
    <div className="page page-narrow status-page" role="status">
      <Spinner size={24} />
      <p>Signing you out…</p>
    </div>
  );
}
