import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { finishSignIn } from '../../features/sign-in/finish-sign-in.ts';
import { ROUTES } from '../../lib/routes.ts';
import { BootScreen } from '../layouts/boot-screen.tsx';

/**
 * /login/callback: hand the identity provider's query to the API. Success goes to the screen
 * nextUrl names (else Team); failure goes back to the login card with the reason.
 */
export function Component() {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The provider's code works once: a second call (React's development double effects) would
  // fail the sign-in the first one completed.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void finishSignIn(new URLSearchParams(search)).then((result) => {
      const to = result.ok
        ? result.nextPath
        : `${ROUTES.Login.path}?error=${encodeURIComponent(result.message.slice(0, 300))}`;
      void navigate(to, { replace: true });
    });
  }, [search, navigate]);
  return <BootScreen />;
}
