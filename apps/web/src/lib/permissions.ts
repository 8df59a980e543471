import { hasPermissions, type Permission } from '@gds/contract';
import { useAppStore } from './app-store.ts';

/** The contract's rule: every permission present and true; no map, no access. */
export function userCan(
  user: { permissions?: Parameters<typeof hasPermissions>[0] } | null | undefined,
  required: readonly Permission[],
): boolean {
  if (required.length === 0) return true;
  return hasPermissions(user?.permissions, required);
}

/** Hook form for components: re-renders when the stored user's permissions change. */
export function useCan(required: readonly Permission[]): boolean {
  const user = useAppStore((state) => state.user);
  return userCan(user, required);
}
