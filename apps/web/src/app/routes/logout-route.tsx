import { LogoutScreen } from '../../features/auth/components/logout-screen.tsx';

export function Component() {
  return <LogoutScreen />;
}
