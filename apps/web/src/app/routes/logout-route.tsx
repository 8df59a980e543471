import { LogoutScreen } from '../../features/sign-in/components/logout-screen.tsx';

export function Component() {
  return <LogoutScreen />;
}
