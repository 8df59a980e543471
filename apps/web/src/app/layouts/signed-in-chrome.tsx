import { useProfileSync } from '../../features/team/api/use-profile-sync.ts';
import { AdminSwitchBanner } from './admin-switch-banner.tsx';
import { useTimedChecks } from './use-timed-checks.ts';

// The layout's signed-in parts, in a chunk of their own (root-layout.tsx loads them lazily):
// a first visit to /login, signed out, needs none of them.

export { ChatWidget } from './chat-widget.tsx';
export { TopNav } from './top-nav.tsx';

/** Mounted while signed in on the app's screens: the forced profile load, and the banner of an admin acting as someone. */
export function SignedInHeader() {
  useProfileSync();
  return <AdminSwitchBanner />;
}

/** Mounted while signed in (callback pages too): the timed sign-in and health checks. */
export function TimedChecks() {
  useTimedChecks();
  return null;
}
